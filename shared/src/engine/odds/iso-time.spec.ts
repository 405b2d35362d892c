import { seededRandom } from '../../testing/seeded-random';
import { IsoTimes, parseIsoTime } from './iso-time';

// spec 001 §5 locked-market rule: a price's age comes from its `last_update`; the fast reader must read every
// time exactly as Date.parse does, including the ones it hands over to Date.parse
describe('parseIsoTime', () => {
  it('gives Date.parse for the times feeds write, with and without milliseconds', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 20_000; i++) {
      const iso = new Date(Math.floor(random() * 4_102_444_800_000)).toISOString();
      expect(parseIsoTime(iso)).toBe(Date.parse(iso));
      const seconds = iso.slice(0, 19) + 'Z';
      expect(parseIsoTime(seconds)).toBe(Date.parse(seconds));
    }
  });

  it.each([
    '2024-02-29T12:00:00Z',
    '2026-02-29T12:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-12-31T23:59:59.999Z',
    '2026-01-10T24:00:00Z',
    '2026-01-10T23:60:00Z',
    '2026-01-10T23:59:60Z',
    '2026-00-10T10:00:00Z',
    '2026-13-10T10:00:00Z',
    '2026-01-00T10:00:00Z',
    '1969-12-31T23:59:59Z',
    '0000-01-01T00:00:00Z',
    '2100-02-29T00:00:00Z',
    '2000-02-29T00:00:00Z',
    '2026-01-10T17:59:12.3Z',
    '2026-01-10T17:59:12.3456Z',
    '2026-01-10T17:59:12+02:00',
    '2026-01-10t17:59:12z',
    '2026-01-10 17:59:12Z',
    '2026-01-1aT17:59:12Z',
    '2026-01-10T17:59:1-Z',
    '2026-01-10T17:59:12.-12Z',
    '2026-01-10',
    'yesterday',
    '',
  ])('%s as Date.parse reads it', (iso) => {
    expect(parseIsoTime(iso)).toBe(Date.parse(iso));
  });
});

describe('IsoTimes', () => {
  it("answers parseIsoTime's time for each text, asked once or again, past its limit too", () => {
    const times = new IsoTimes(3);
    const texts = [
      '2026-01-10T17:59:12Z',
      '2026-01-10T17:59:12.250Z',
      'not a time',
      '2026-01-10T17:59:12+02:00',
      '2026-01-10T17:59:12Z',
      '2026-01-11T00:00:00.000Z',
      'not a time',
    ];
    for (const text of [...texts, ...texts]) expect(times.time(text)).toBe(parseIsoTime(text));
  });

  it('reads a text once while it remembers it, and forgets every text past its limit', () => {
    const read: string[] = [];
    const times = new IsoTimes(2);
    const spy = jest.spyOn(Date, 'UTC').mockImplementation((...parts: Array<number | undefined>) => {
      read.push(parts.join('-'));
      return 0;
    });
    try {
      times.time('2026-01-10T17:59:12Z');
      times.time('2026-01-10T17:59:12Z');
      times.time('2026-01-10T17:59:13Z');
      expect(read).toHaveLength(2);
      times.time('2026-01-10T17:59:14Z');
      times.time('2026-01-10T17:59:12Z');
      expect(read).toHaveLength(4);
    } finally {
      spy.mockRestore();
    }
  });
});
