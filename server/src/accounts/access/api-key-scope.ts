import { ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { AuthUser } from '../auth/auth-user';
import { ApiErrors } from '../../errors/api-errors';

const ACCEPTS_API_KEY = 'oddspulse:accepts-api-key';
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Marks a controller or route as one a personal API key may call (DECISIONS 5: "programmatic access to the
 * same odds endpoints"): the odds, props, scanner, scores and history reads. Default deny: every route without
 * it (account, keys, billing, sessions, picks, preferences...) refuses a key, and a key never passes a method
 * other than GET or HEAD, even where marked.
 */
export const AcceptsApiKey = () => SetMetadata(ACCEPTS_API_KEY, true);

/** 403 API_KEY_NOT_ALLOWED when an API-key request reaches a route that does not accept keys. */
export function assertApiKeyScope(reflector: Reflector, context: ExecutionContext, user: AuthUser | undefined): void {
  if (user?.via !== 'api_key') return;
  const accepted = reflector.getAllAndOverride<boolean | undefined>(ACCEPTS_API_KEY, [context.getHandler(), context.getClass()]);
  const method = context.switchToHttp().getRequest<Request>().method;
  if (!accepted || !READ_METHODS.has(method)) throw ApiErrors.apiKeyNotAllowed();
}
