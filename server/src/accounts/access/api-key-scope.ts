import { ExecutionContext, SetMetadata, type Type } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { ApiErrors } from '../../errors/api-errors';

const ACCEPTS_API_KEY = 'oddspulse:accepts-api-key';
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Marks a controller or route as one a personal API key may call (DECISIONS 5: "programmatic access to the
 * same odds endpoints"): the odds, props, scanner, scores and history reads, and the owner's picks export (a CSV
 * for scripts). Default deny: every route without it (account, keys, billing, sessions, the other picks routes,
 * preferences...) refuses a key, and a key never passes a method other than GET or HEAD, even where marked.
 */
export const AcceptsApiKey = () => SetMetadata(ACCEPTS_API_KEY, true);

/** A controller method, as Nest's metadata is attached to it. */
export type RouteHandler = ReturnType<ExecutionContext['getHandler']>;

/** Whether a key may call this route with this method: marked on the handler or its controller, and only a read. */
export function acceptsApiKey(reflector: Reflector, handler: RouteHandler, controller: Type, method: string): boolean {
  return (
    Boolean(reflector.getAllAndOverride<boolean | undefined>(ACCEPTS_API_KEY, [handler, controller])) &&
    READ_METHODS.has(method.toUpperCase())
  );
}

/** 403 API_KEY_NOT_ALLOWED when an API-key request reaches a route that does not accept keys. */
export function assertApiKeyScope(reflector: Reflector, context: ExecutionContext, user: AuthUser | undefined): void {
  if (user?.via !== 'api_key') return;
  const method = context.switchToHttp().getRequest<Request>().method;
  if (!acceptsApiKey(reflector, context.getHandler(), context.getClass(), method)) throw ApiErrors.apiKeyNotAllowed();
}
