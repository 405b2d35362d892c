/** Messages of errors any API call can answer (spec 000 §8 where it gives one). */
export const ApiMessages = {
  serverError: 'Server error. Our team has been notified.',
  notFound: 'Not found',
  invalidJson: 'The request body is not valid JSON',
  payloadTooLarge: 'The request body is too large',
  jsonTooDeep: 'The request body is nested too deeply: at most 32 levels of arrays and objects',
  jsonNotUtf8: 'JSON must be sent as UTF-8',
  /** A dependency (PostgreSQL, Redis) is down: the client shows spec 001 §8's "Temporarily unavailable" and retries. */
  serviceUnavailable: 'Temporarily unavailable. Please try again shortly.',
  headersTooLarge: 'The request headers are too large',
  malformedRequest: 'The request is not well-formed HTTP',
  requestTimeout: 'The request took too long to arrive',
} as const;

/** Every error body of the API: the HTTP status, a stable machine-readable code, the message to show, details. */
export interface ApiErrorBody {
  statusCode: number;
  code: string;
  message: string;
  [detail: string]: unknown;
}
