import { MAX_JSON_DEPTH, nestedDeeperThan } from './json-depth';

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('nestedDeeperThan', () => {
  it('allows exactly MAX_JSON_DEPTH levels of arrays and objects and refuses one more, as bytes or text', () => {
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(nestedDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestedDeeperThan(Buffer.from(nested(MAX_JSON_DEPTH + 1)))).toBe(true);
    const objects = `${'{"a":'.repeat(MAX_JSON_DEPTH + 1)}1${'}'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(nestedDeeperThan(Buffer.from(objects))).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included, nor multi-byte characters', () => {
    const text = JSON.stringify({ note: `"[[[${'['.repeat(100)}\\"{{{ é ☃ 🎲`, list: [[1], [2]] });
    expect(nestedDeeperThan(Buffer.from(text))).toBe(false);
    expect(nestedDeeperThan(text, 3)).toBe(false);
    expect(nestedDeeperThan(text, 2)).toBe(true);
  });

  it('counts depth, not the number of brackets', () => {
    expect(nestedDeeperThan(`[${'[],'.repeat(100_000)}[]]`)).toBe(false);
  });
});
