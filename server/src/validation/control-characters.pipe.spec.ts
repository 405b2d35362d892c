import { controlCharacterAt } from './control-characters.pipe';

describe('controlCharacterAt', () => {
  it('names the first string holding a control character, keys before their values, in document order', () => {
    expect(controlCharacterAt({ picks: [{ game: 'ok', note: 'a\u0000' }, { note: '\u0007' }] }, 'body')).toBe('body.picks.0.note');
    expect(controlCharacterAt({ ['k\u0001']: 'v\u0002' }, 'body')).toBe('body');
    expect(controlCharacterAt({ a: ['x', { b: 'y\u001f' }] }, 'query')).toBe('query.a.1.b');
    expect(controlCharacterAt({ note: 'tab\tand\nlines\r' }, 'body')).toBeNull();
  });

  it('walks any depth without recursion', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(controlCharacterAt(deep, 'body')).toBe(`body${'.0'.repeat(200_000)}`);
  });
});
