import { Body, Controller, Get, Post } from '@nestjs/common';
import { z } from 'zod';
import { createAccountsApp, type AccountsTestApp } from '../../../test/support/accounts-app';
import { ZodValidationPipe } from '../validation/zod-validation.pipe';

const SECRET_DETAIL = 'connect ECONNREFUSED postgres://oddspulse:hunter2@10.0.0.7/prod';

/** Test-only endpoints: one that fails the way a bug or a dependency does, one that validates its body. */
@Controller('test-errors')
class FailingController {
  @Get('unknown-error')
  fail(): never {
    throw new Error(SECRET_DETAIL);
  }

  @Post('echo')
  echo(@Body(new ZodValidationPipe(z.object({ stake: z.number().int().min(0) }))) body: { stake: number }) {
    return body;
  }
}

// spec 000 §8: every error body is {statusCode, code, message}; a server error says only the catalogue's words
describe('the global exception filter (real HTTP stack)', () => {
  let t: AccountsTestApp;

  beforeAll(async () => {
    t = await createAccountsApp({}, { controllers: [FailingController] });
  });

  afterAll(async () => {
    await t.app.close();
  });

  const shape = { statusCode: expect.any(Number), code: expect.any(String), message: expect.any(String) };

  it('answers an unknown route with 404 NOT_FOUND in the error shape', async () => {
    const res = await t.http().get('/api/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ...shape, statusCode: 404, code: 'NOT_FOUND' });
  });

  it('answers a malformed JSON body with 400 INVALID_JSON, before any handler runs', async () => {
    const res = await t
      .http()
      .post('/api/test-errors/echo')
      .set('Content-Type', 'application/json')
      .send('{"stake": 10,');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, code: 'INVALID_JSON', message: 'The request body is not valid JSON' });
  });

  it('answers a body the schema refuses with 400 VALIDATION_FAILED naming the field', async () => {
    const res = await t.http().post('/api/test-errors/echo').send({ stake: -1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/^stake: /),
    });
    expect((await t.http().post('/api/test-errors/echo').send({ stake: 5 })).body).toEqual({ stake: 5 });
  });

  it('answers a thrown unknown error with 500 and the catalogue message, leaking nothing of the error', async () => {
    const res = await t.http().get('/api/test-errors/unknown-error');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      statusCode: 500,
      code: 'SERVER_ERROR',
      message: 'Server error. Our team has been notified.',
    });
    expect(res.text).not.toContain('hunter2');
    expect(res.text).not.toContain('ECONNREFUSED');
  });
});
