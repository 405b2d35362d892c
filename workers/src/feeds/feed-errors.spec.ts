import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorForStatus, parseRetryAfter } from './feed-errors';

const observed = JSON.parse(
  readFileSync(
    join(
      __dirname,
      '..',
      '..',
      '..',
      '..',
      'shared',
      'fixtures',
      'the-odds-api',
      'v4_errors-and-usage-headers_observed.json',
    ),
    'utf8',
  ),
) as { observed_errors: Array<{ status: number; error_code: string; body: unknown }> };
const body = (code: string) => observed.observed_errors.find((e) => e.error_code === code)!.body;

// spec 001 §4 retry policy and §8 error catalogue, on The Odds API's recorded error bodies.
describe('feed errors', () => {
  it('maps 401 INVALID_KEY and OUT_OF_USAGE_CREDITS to errors that are not retried', () => {
    expect(errorForStatus(401, 'Unauthorized', body('INVALID_KEY'), null)).toMatchObject({
      kind: 'invalid_key',
      retryable: false,
      code: 'INVALID_KEY',
    });
    expect(errorForStatus(401, 'Unauthorized', body('OUT_OF_USAGE_CREDITS'), null)).toMatchObject({
      kind: 'out_of_credits',
      retryable: false,
    });
  });

  it('maps 422 to a rejected request with its code', () => {
    const error = errorForStatus(422, 'Unprocessable Entity', body('MISSING_REGION'), null);
    expect(error).toMatchObject({ kind: 'invalid_request', retryable: false, code: 'MISSING_REGION' });
    expect(error.message).toContain('Missing regions or bookmakers key');
  });

  it('retries 429 after its Retry-After, and 5xx', () => {
    expect(errorForStatus(429, 'Too Many Requests', {}, '2')).toMatchObject({
      kind: 'rate_limited',
      retryable: true,
      retryAfterMs: 2000,
    });
    expect(errorForStatus(503, 'Service Unavailable', undefined, null)).toMatchObject({
      kind: 'server_error',
      retryable: true,
    });
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(parseRetryAfter('5')).toBe(5000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});
