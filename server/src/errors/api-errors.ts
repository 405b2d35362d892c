import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  NotFoundException,
  UnauthorizedException,
} from '@nestjs/common';
import type { Response } from 'express';
import {
  AccountMessages,
  ApiMessages,
  OpsMessages,
  ReactionMessages,
  SupportMessages,
  guessablePasswordMessage,
  type GuessablePart,
  WEAK_PASSWORD_MESSAGES,
  WeakPasswordReason,
  type ApiErrorBody,
} from '@oddspulse/shared';

/**
 * The API's errors (spec 000 §8 and the issues), each with the status, code and verbatim message the client
 * reads. Every body is `{statusCode, code, message, ...details}` (ApiErrorBody); the global filter
 * (http-exception.filter.ts) gives any other error the same shape.
 */
export function errorBody(statusCode: number, code: string, message: string, details: object = {}): ApiErrorBody {
  return { statusCode, code, message, ...details };
}
const body = errorBody;

export const ApiErrors = {
  authenticationRequired: (message: string = AccountMessages.authenticationRequired) =>
    new UnauthorizedException(body(401, 'AUTH_REQUIRED', message)),
  invalidRefreshToken: () =>
    new UnauthorizedException(body(401, 'INVALID_REFRESH_TOKEN', AccountMessages.authenticationRequired)),
  subscriptionRequired: (details: object = {}) =>
    new HttpException(
      body(402, 'SUBSCRIPTION_REQUIRED', AccountMessages.subscriptionRequired, details),
      HttpStatus.PAYMENT_REQUIRED,
    ),
  platinumRequired: (details: object = {}) =>
    new ForbiddenException(body(403, 'PLATINUM_REQUIRED', AccountMessages.platinumRequired, details)),
  quotaExceeded: (used: number, quota: number) =>
    new HttpException(
      body(
        402,
        'QUOTA_EXCEEDED',
        `You've reached the free ${quota.toLocaleString('en-US')} request limit. Upgrade to continue.`,
        { used, quota },
      ),
      HttpStatus.PAYMENT_REQUIRED,
    ),
  apiKeyNotAllowed: () => new ForbiddenException(body(403, 'API_KEY_NOT_ALLOWED', AccountMessages.apiKeyNotAllowed)),
  /** Operations routes, console, metrics and channel: signed in without an operations role, or with an API key. */
  opsRequired: () => new ForbiddenException(body(403, 'OPS_REQUIRED', OpsMessages.opsRequired)),
  /** A queue action (retry, clean, pause) by an `ops_viewer`. */
  operateRequired: () => new ForbiddenException(body(403, 'OPS_OPERATE_REQUIRED', OpsMessages.operateRequired)),
  csrfFailed: () => new ForbiddenException(body(403, 'CSRF_FAILED', AccountMessages.csrfFailed)),
  validation: (message: string, code = 'VALIDATION_FAILED', details: object = {}) =>
    new BadRequestException(body(400, code, message, details)),
  /** `guessable` names what zxcvbn found guessable, when it is a reason: the message says it. */
  weakPassword: (reasons: WeakPasswordReason[], guessable: readonly GuessablePart[] = []) =>
    new BadRequestException(
      body(
        400,
        'weak_password',
        reasons
          .map((r) => (r === 'guessable' ? guessablePasswordMessage(guessable) : WEAK_PASSWORD_MESSAGES[r]))
          .join(' '),
        { weak_password: reasons.includes('guessable') ? { reasons, guessable } : { reasons } },
      ),
    ),
  invalidCredentials: () =>
    new BadRequestException(body(400, 'invalid_credentials', AccountMessages.invalidCredentials)),
  emailTaken: () => new ConflictException(body(409, 'EMAIL_TAKEN', AccountMessages.emailTaken)),
  usernameTaken: () => new ConflictException(body(409, 'USERNAME_TAKEN', AccountMessages.usernameTaken)),
  usernameLocked: () => new ConflictException(body(409, 'USERNAME_LOCKED', AccountMessages.usernameLocked)),
  resetTokenInvalid: () => new BadRequestException(body(400, 'RESET_TOKEN_INVALID', AccountMessages.resetTokenInvalid)),
  mailUnavailable: () =>
    new HttpException(body(503, 'MAIL_UNAVAILABLE', AccountMessages.resetLinkFailed), HttpStatus.SERVICE_UNAVAILABLE),
  supportMailUnavailable: () =>
    new HttpException(
      body(503, 'SUPPORT_MAIL_UNAVAILABLE', SupportMessages.unavailable),
      HttpStatus.SERVICE_UNAVAILABLE,
    ),
  invalidJson: () => new BadRequestException(body(400, 'INVALID_JSON', ApiMessages.invalidJson)),
  jsonTooDeep: () => new BadRequestException(body(400, 'JSON_TOO_DEEP', ApiMessages.jsonTooDeep)),
  jsonNotUtf8: () =>
    new HttpException(body(415, 'UNSUPPORTED_MEDIA_TYPE', ApiMessages.jsonNotUtf8), HttpStatus.UNSUPPORTED_MEDIA_TYPE),
  /** Use tooManyRequests, which sets Retry-After; this is its body (the API documentation's example too). */
  rateLimited: () =>
    new HttpException(body(429, 'RATE_LIMITED', AccountMessages.tooManyRequests), HttpStatus.TOO_MANY_REQUESTS),
  notFound: (message: string = ApiMessages.notFound, code = 'NOT_FOUND') =>
    new NotFoundException(body(404, code, message)),
  /** A reaction to a game no current or kept scoreboard has (DECISIONS 22 keys). */
  gameNotFound: () => new NotFoundException(body(404, 'GAME_NOT_FOUND', ReactionMessages.gameNotFound)),
  conflict: (message: string, code = 'CONFLICT', details: object = {}) =>
    new ConflictException(body(409, code, message, details)),
  forbidden: (message: string, code = 'FORBIDDEN') => new ForbiddenException(body(403, code, message)),
  /** A dependency is down or failing: the client shows the message and retries. */
  unavailable: (message: string, code = 'UNAVAILABLE', details: object = {}) =>
    new HttpException(body(503, code, message, details), HttpStatus.SERVICE_UNAVAILABLE),
  /** A sport the pipeline does not poll: the caller's mistake, never a 503 to retry. */
  unsupportedSport: (sports: readonly string[]) =>
    new BadRequestException(body(400, 'UNSUPPORTED_SPORT', `Unsupported sport: ${sports.join(', ')}`, { sports })),
  /** A sport whose board the pipeline has not written yet: a visible 503, never an empty list passed off as "no games". */
  boardUnavailable: (kind: 'odds' | 'props' | 'scores', sports: readonly string[]) => {
    const what = kind === 'scores' ? 'Scores are' : kind === 'props' ? 'Player props are' : 'Odds are';
    const message = `${what} not available yet for ${sports.join(', ')}. Please try again shortly.`;
    return new HttpException(body(503, 'BOARD_UNAVAILABLE', message, { sports }), HttpStatus.SERVICE_UNAVAILABLE);
  },
};

/** 429 with Retry-After in whole seconds (DECISIONS 8). */
export function tooManyRequests(res: Response, retryAfterSeconds: number): HttpException {
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return ApiErrors.rateLimited();
}

/** 503 MAIL_UNAVAILABLE with Retry-After: the mail server is away for now, and the request may be made again. */
export function mailUnavailable(res: Response, retryAfterSeconds: number): HttpException {
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return ApiErrors.mailUnavailable();
}

/** 503 SUPPORT_MAIL_UNAVAILABLE with Retry-After: the mail server is away for now, and the request was not sent. */
export function supportMailUnavailable(res: Response, retryAfterSeconds: number): HttpException {
  res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return ApiErrors.supportMailUnavailable();
}

/** PostgreSQL unique_violation (23505), optionally on a named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' && (!constraint || e.constraint === constraint);
}
