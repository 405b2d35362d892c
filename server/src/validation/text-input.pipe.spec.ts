import { illegalTextAt } from './text-input.pipe';

const control = (at: string) => ({ at, problem: 'must not contain control characters' });
const unicode = (at: string) => ({ at, problem: 'must be well-formed Unicode text' });

describe('illegalTextAt', () => {
  it('names the first string holding a control character, keys before their values, in document order', () => {
    expect(illegalTextAt({ picks: [{ game: 'ok', note: 'a\u0000' }, { note: '\u0007' }] }, 'body')).toEqual(
      control('body.picks.0.note'),
    );
    expect(illegalTextAt({ ['k\u0001']: 'v\u0002' }, 'body')).toEqual(control('body'));
    expect(illegalTextAt({ a: ['x', { b: 'y\u001f' }] }, 'query')).toEqual(control('query.a.1.b'));
    expect(illegalTextAt({ note: 'tab\tand\nlines\r' }, 'body')).toBeNull();
  });

  it('refuses a lone surrogate, high or low, and keeps characters written with a pair', () => {
    expect(illegalTextAt({ name: 'k\ud800' }, 'body')).toEqual(unicode('body.name'));
    expect(illegalTextAt({ name: '\udc00k' }, 'body')).toEqual(unicode('body.name'));
    expect(illegalTextAt({ name: 'a\ud800\ud800\udc00' }, 'body')).toEqual(unicode('body.name'));
    expect(illegalTextAt({ name: 'dice 🎲, snow ☃, é' }, 'body')).toBeNull();
  });

  it('walks any depth without recursion', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(illegalTextAt(deep, 'body')).toEqual(control(`body${'.0'.repeat(200_000)}`));
  });
});
