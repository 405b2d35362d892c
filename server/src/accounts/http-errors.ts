import { BadRequestException, ConflictException, ForbiddenException, HttpException, HttpStatus, UnauthorizedException } from '@nestjs/common';
import type { Response } from 'express';
import { AccountMessages, WEAK_PASSWORD_MESSAGES, WeakPasswordReason } from '@oddspulse/shared';

/**
 * The account errors of spec 000 §8 and the issue, each with the status, code and verbatim message the
 * client reads. Every body is `{statusCode, code, message, ...details}`.
 */
function body(statusCode: number, code: string, message: string, details: object = {}) {
  return { statusCode, code, message, ...details };
}

export const AccountErrors = {
  authenticationRequired: () => new UnauthorizedException(body(401, 'AUTH_REQUIRED', AccountMessages.authenticationRequired)),
  invalidRefreshToken: () => new UnauthorizedException(body(401, 'INVALID_REFRESH_TOKEN', AccountMessages.authenticationRequired)),
  subscriptionRequired: () => new HttpException(body(402, 'SUBSCRIPTION_REQUIRED', AccountMessages.subscriptionRequired), HttpStatus.PAYMENT_REQUIRED),
  platinumRequired: (details: object = {}) => new ForbiddenException(body(403, 'PLATINUM_REQUIRED', AccountMessages.platinumRequired, details)),
  quotaExceeded: (used: number, quota: number) =>
    new HttpException(
      body(402, 'QUOTA_EXCEEDED', `You've reached the free ${quota.toLocaleString('en-US')} request limit. Upgrade to continue.`, { used, quota }),
      HttpStatus.PAYMENT_REQUIRED,
    ),
  csrfFailed: () => new ForbiddenException(body(403, 'CSRF_FAILED', AccountMessages.csrfFailed)),
  validation: (message: string, code = 'VALIDATION_FAILED', details: object = {}) => new BadRequestException(body(400, code, message, details)),
  weakPassword: (reasons: WeakPasswordReason[]) =>
    new BadRequestException(
      body(400, 'weak_password', reasons.map((r) => WEAK_PASSWORD_MESSAGES[r]).join(' '), { weak_password: { reasons } }),
    ),
  invalidCredentials: () => new BadRequestException(body(400, 'invalid_credentials', AccountMessages.invalidCredentials)),
  emailTaken: () => new ConflictException(body(409, 'EMAIL_TAKEN', AccountMessages.emailTaken)),
  usernameTaken: () => new ConflictException(body(409, 'USERNAME_TAKEN', AccountMessages.usernameTaken)),
  usernameLocked: () => new ConflictException(body(409, 'USERNAME_LOCKED', AccountMessages.usernameLocked)),
  resetTokenInvalid: () => new BadRequestException(body(400, 'RESET_TOKEN_INVALID', AccountMessages.resetTokenInvalid)),
  mailUnavailable: () => new HttpException(body(503, 'MAIL_UNAVAILABLE', AccountMessages.resetLinkFailed), HttpStatus.SERVICE_UNAVAILABLE),
};

/** 429 with Retry-After in whole seconds (DECISIONS 8). */
export function tooManyRequests(res: Response, retryAfterSeconds: number): HttpException {
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return new HttpException(body(429, 'RATE_LIMITED', AccountMessages.tooManyRequests), HttpStatus.TOO_MANY_REQUESTS);
}

/** PostgreSQL unique_violation (23505), optionally on a named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}
