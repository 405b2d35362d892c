import { z } from 'zod';
import { ZodValidationPipe } from './zod-validation.pipe';

const query = { type: 'query' as const };

// A route's query parsed once per distinct query, the answer shared and frozen; bodies and refusals never remembered.
describe('ZodValidationPipe', () => {
  function counting() {
    const parse = jest.fn((raw: string) => raw.split(','));
    const pipe = new ZodValidationPipe(
      z.object({ sports: z.string().transform(parse), n: z.coerce.number().int().optional() }),
    );
    return { pipe, parse };
  }

  it('parses a query once and answers the same query with what it parsed to, frozen', () => {
    const { pipe, parse } = counting();
    const first = pipe.transform({ sports: 'a,b' }, query);
    const again = pipe.transform({ sports: 'a,b' }, query);
    expect(again).toBe(first);
    expect(first).toEqual({ sports: ['a', 'b'] });
    expect(parse).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(first) && Object.isFrozen(first.sports)).toBe(true);
    expect(pipe.transform({ sports: 'c' }, query)).toEqual({ sports: ['c'] });
    expect(parse).toHaveBeenCalledTimes(2);
  });

  it('refuses a bad query every time, and never remembers a body or a long query', () => {
    const { pipe, parse } = counting();
    for (let i = 0; i < 2; i++) expect(() => pipe.transform({ sports: 'a', n: 'x' }, query)).toThrow();
    pipe.transform({ sports: 'a' }, { type: 'body' });
    pipe.transform({ sports: 'a' }, { type: 'body' });
    const long = { sports: 'x'.repeat(600) };
    pipe.transform(long, query);
    pipe.transform(long, query);
    expect(parse).toHaveBeenCalledTimes(6);
  });
});
