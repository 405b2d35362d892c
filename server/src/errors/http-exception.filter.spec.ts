import { Logger, type ArgumentsHost } from '@nestjs/common';
import { MetricsService } from '@oddspulse/core';
import { ApiErrors } from './api-errors';
import { HttpExceptionFilter, toErrorBody } from './http-exception.filter';

// A lost PostgreSQL or Redis connection is a 503 with the catalogue's message, not a 500.
describe('toErrorBody for a dependency outage', () => {
  it('answers a lost PostgreSQL connection with 503 SERVICE_UNAVAILABLE', () => {
    expect(toErrorBody(new Error('Connection terminated unexpectedly'))).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Temporarily unavailable. Please try again shortly.',
    });
  });

  it('answers a Redis connection that is down with the same 503', () => {
    expect(toErrorBody(new Error("Stream isn't writeable and enableOfflineQueue options is false")).statusCode).toBe(
      503,
    );
  });

  it('keeps any other unknown error a 500', () => {
    expect(toErrorBody(new TypeError('x is undefined'))).toMatchObject({ statusCode: 500, code: 'SERVER_ERROR' });
  });
});

describe('HttpExceptionFilter logging', () => {
  let metrics: MetricsService;
  let filter: HttpExceptionFilter;
  beforeEach(() => {
    metrics = new MetricsService();
    filter = new HttpExceptionFilter(metrics);
  });
  const answer = (error: unknown) => {
    const res = { headersSent: false, setHeader: jest.fn(), status: jest.fn().mockReturnThis(), json: jest.fn() };
    const req = { method: 'GET', path: '/api/boards' };
    const host = {
      switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
    } as unknown as ArgumentsHost;
    filter.catch(error, host);
    return res;
  };
  const unavailable = async (code: string) =>
    (await metrics.httpUnavailable.get()).values.find((v) => v.labels.code === code)?.value ?? 0;
  afterEach(() => jest.restoreAllMocks());

  it('logs a board the pipeline has not written yet as one warning, not an error with a stack', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const res = answer(ApiErrors.boardUnavailable('odds', ['basketball_nba']));
    expect(res.status).toHaveBeenCalledWith(503);
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'BOARD_UNAVAILABLE',
        reason: 'Odds are not available yet for basketball_nba. Please try again shortly.',
      }),
    );
    expect(await unavailable('BOARD_UNAVAILABLE')).toBe(1);
  });

  it('counts every 503 of an outage and warns once a minute per reason, not once per request', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    for (let i = 0; i < 50; i++)
      expect(answer(new Error('Connection terminated unexpectedly')).status).toHaveBeenCalledWith(503);
    expect(await unavailable('SERVICE_UNAVAILABLE')).toBe(50);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({
        msg: 'Dependency unavailable',
        code: 'SERVICE_UNAVAILABLE',
        reason: 'Connection terminated unexpectedly',
        suppressedRepeats: 0,
      }),
    );
  });

  it('still logs an unknown error as an error, with the error itself', () => {
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const bug = new TypeError('x is undefined');
    expect(answer(bug).status).toHaveBeenCalledWith(500);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ msg: 'Request failed', err: bug }));
  });
});
