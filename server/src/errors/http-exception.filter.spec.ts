import { toErrorBody } from './http-exception.filter';

// issue 16 item 1/3: a lost PostgreSQL or Redis connection is a 503 with the catalogue's message, not a 500.
describe('toErrorBody for a dependency outage', () => {
  it('answers a lost PostgreSQL connection with 503 SERVICE_UNAVAILABLE', () => {
    expect(toErrorBody(new Error('Connection terminated unexpectedly'))).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Temporarily unavailable. Please try again shortly.',
    });
  });

  it('answers a Redis connection that is down with the same 503', () => {
    expect(toErrorBody(new Error("Stream isn't writeable and enableOfflineQueue options is false")).statusCode).toBe(503);
  });

  it('keeps any other unknown error a 500', () => {
    expect(toErrorBody(new TypeError('x is undefined'))).toMatchObject({ statusCode: 500, code: 'SERVER_ERROR' });
  });
});
