import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiMessages, type ApiErrorBody } from '@oddspulse/shared';
import { isDependencyDown, MetricsService, RepeatedErrors } from '@oddspulse/core';
import { errorBody } from './api-errors';

/** Seconds a client is told to wait before retrying while a dependency is down. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

/** The code of a status when the thrower gave none (Nest's own exceptions, a route that does not exist). */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'AUTH_REQUIRED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** The code an error of this status has when nothing more specific names it. */
export const codeOfStatus = (status: number): string => CODE_OF_STATUS[status] ?? `HTTP_${status}`;

/** An error of the body parser (http-errors): its status, and a type such as `entity.parse.failed`. */
interface HttpError {
  status: number;
  type?: string;
  expose?: boolean;
}

function isHttpError(error: unknown): error is HttpError {
  const status = (error as HttpError | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && (error as HttpError).expose === true;
}

/** The body every error answers with: `{statusCode, code, message, ...details}`. */
export function toErrorBody(error: unknown): ApiErrorBody {
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const given = typeof response === 'string' ? { message: response } : (response as Partial<ApiErrorBody>);
    const message = Array.isArray(given.message) ? given.message.join('; ') : (given.message ?? error.message);
    return { ...given, statusCode: status, code: given.code ?? codeOfStatus(status), message };
  }
  if (isHttpError(error)) {
    if (error.type === 'entity.too.large') return errorBody(413, 'PAYLOAD_TOO_LARGE', ApiMessages.payloadTooLarge);
    return errorBody(error.status, codeOfStatus(error.status), (error as unknown as Error).message);
  }
  if (isDependencyDown(error))
    return errorBody(HttpStatus.SERVICE_UNAVAILABLE, 'SERVICE_UNAVAILABLE', ApiMessages.serviceUnavailable);
  return errorBody(HttpStatus.INTERNAL_SERVER_ERROR, 'SERVER_ERROR', ApiMessages.serverError);
}

/**
 * The one exception filter: every error reaches the client with a `code` and the spec's message. A 4xx is the
 * caller's mistake and is not logged as an error; a 503 (a dependency down, or a route's own "not available yet") is
 * counted in `oddspulse_http_unavailable_total` and logged as a warning once a minute per reason, with how many were
 * left out (an outage answers thousands); anything else is logged once with its stack, and the client sees only
 * "Server error. Our team has been notified." (spec 000 §8).
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');
  private readonly unavailable = new RepeatedErrors();

  constructor(private readonly metrics: MetricsService) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    const body = toErrorBody(error);
    // An outage is the dependency's, not a bug of the route: no stack, and a Retry-After.
    const outage = body.code === 'SERVICE_UNAVAILABLE' && !(error instanceof HttpException);
    // A 503 a route answers on purpose (a board the pipeline has not written yet) is a state it reports, not a bug.
    if (
      outage ||
      (error instanceof HttpException && (body.statusCode as HttpStatus) === HttpStatus.SERVICE_UNAVAILABLE)
    ) {
      const reason = outage ? (error as Error).message : body.message;
      this.metrics.httpUnavailable.inc({ code: body.code });
      const admitted = this.unavailable.admit(`${body.code}: ${reason}`);
      if (admitted) {
        const msg = outage ? 'Dependency unavailable' : 'Not available yet';
        this.logger.warn({
          msg,
          method: req.method,
          path: req.path,
          code: body.code,
          reason,
          suppressedRepeats: admitted.suppressed,
        });
      }
    } else if (body.statusCode >= 500)
      this.logger.error({ msg: 'Request failed', method: req.method, path: req.path, err: error });
    if (res.headersSent) return;
    if (outage) res.setHeader('Retry-After', String(DEPENDENCY_RETRY_AFTER_SECONDS));
    res.status(body.statusCode).json(body);
  }
}
