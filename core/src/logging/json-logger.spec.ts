import { Writable } from 'node:stream';
import { JsonLogger } from './json-logger';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: new JsonLogger('test', level, destination), lines };
}

// One JSON line per call at or above the level; a line below it is not even put together.
describe('JsonLogger', () => {
  it('writes what is at or above its level, with the fields of an object message, and nothing below it', async () => {
    const { logger, lines } = capture('warn');
    const line = {
      msg: 'GET /api/odds 200',
      get status() {
        throw new Error('read although below the level');
      },
    };
    logger.log(line);
    logger.warn({ msg: 'GET /api/health 503', status: 503 });
    logger.error('failed', new Error('boom'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'GET /api/health 503'],
      ['error', 'failed'],
    ]);
    expect(lines[0]).toMatchObject({ service: 'test', status: 503 });
  });
});
