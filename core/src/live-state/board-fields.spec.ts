import type { BoardEvent } from '@oddspulse/shared';
import { boardFieldWrites, eventsFromFields, type BoardFieldWrites } from './board-fields';

const at = '2026-01-01T00:00:00Z';
function event(id: string, home = 1.9): BoardEvent {
  return {
    id,
    sport_key: 'basketball_nba',
    sport_title: 'NBA',
    commence_time: '2026-01-01T02:00:00Z',
    home_team: `Home ${id}`,
    away_team: `Away ${id}`,
    bookmakers: ['draftkings', 'fanduel'].map((key) => ({
      key,
      title: key,
      last_update: at,
      link: `https://${key}.example/`,
      markets: [
        {
          key: 'h2h',
          last_update: at,
          outcomes: [
            { name: `Home ${id}`, price: home, sid: '1' },
            { name: `Away ${id}`, price: 1.9 },
          ],
        },
        {
          key: 'totals',
          last_update: at,
          outcomes: ['Over', 'Under'].map((name) => ({ name, price: 1.91, point: 220.5 })),
        },
      ],
    })),
  };
}

/** What Redis does with the writes: the hash as a map. */
function apply(hash: Map<string, string>, writes: BoardFieldWrites): Record<string, string> {
  if (writes.replace) hash.clear();
  for (const [field, value] of writes.set) hash.set(field, value);
  for (const field of writes.delete) hash.delete(field);
  return Object.fromEntries(hash);
}

describe('a board stored by market', () => {
  it('reads back the board it wrote, in its order, keys in their order', () => {
    const events = [event('b'), event('a')];
    const fields = apply(new Map(), boardFieldWrites(events, null));
    expect(JSON.stringify(eventsFromFields(fields))).toBe(JSON.stringify(events));
  });

  it('reads nothing from an empty hash', () => {
    expect(eventsFromFields({})).toBeNull();
  });

  // A poll rewrites what changed, not the board: a price, an update time alone, a market gone, an event added or gone
  it('writes the markets that changed, and the events a poll passed over not at all', () => {
    const kept = event('a');
    const basis = [kept, event('b'), event('c')];
    const hash = new Map<string, string>();
    apply(hash, boardFieldWrites(basis, null));

    const moved = event('b', 2.05);
    moved.bookmakers[1].markets[1].last_update = '2026-01-01T00:00:20Z';
    moved.bookmakers[0].markets.pop();
    const next = [kept, moved, event('d')];
    const writes = boardFieldWrites(next, basis);

    expect(writes.replace).toBe(false);
    expect(writes.set.map(([field]) => field).sort()).toEqual(
      [
        'order',
        'e\tb', // draftkings lists one market fewer
        't\tb', // with every skeleton
        'm\tb\tdraftkings\th2h',
        'm\tb\tfanduel\th2h',
        'm\tb\tfanduel\ttotals',
        'e\td',
        't\td',
        'm\td\tdraftkings\th2h',
        'm\td\tdraftkings\ttotals',
        'm\td\tfanduel\th2h',
        'm\td\tfanduel\ttotals',
      ].sort(),
    );
    expect(writes.delete.sort()).toEqual(
      [
        'm\tb\tdraftkings\ttotals',
        'e\tc',
        't\tc',
        'm\tc\tdraftkings\th2h',
        'm\tc\tdraftkings\ttotals',
        'm\tc\tfanduel\th2h',
        'm\tc\tfanduel\ttotals',
      ].sort(),
    );
    expect(JSON.stringify(eventsFromFields(apply(hash, writes)))).toBe(JSON.stringify(next));
  });

  it("writes a changed event's markets that are the very objects stored not at all, and the others that changed", () => {
    const basis = [event('a')];
    const next = event('a', 2.1);
    next.bookmakers[1].markets[1] = basis[0].bookmakers[1].markets[1];
    expect(boardFieldWrites([next], basis).set.map(([field]) => field)).toEqual([
      'm\ta\tdraftkings\th2h',
      'm\ta\tfanduel\th2h',
    ]);
  });

  it("deletes the markets of a book an event no longer lists, writes a new book's, and passes over a book kept", () => {
    const basis = [event('a')];
    const hash = new Map<string, string>();
    apply(hash, boardFieldWrites(basis, null));
    const next = { ...basis[0], bookmakers: [basis[0].bookmakers[0], { ...event('a').bookmakers[1], key: 'betmgm' }] };
    const writes = boardFieldWrites([next], basis);
    expect(writes.set.map(([field]) => field)).toEqual(['e\ta', 't\ta', 'm\ta\tbetmgm\th2h', 'm\ta\tbetmgm\ttotals']);
    expect(writes.delete).toEqual(['m\ta\tfanduel\th2h', 'm\ta\tfanduel\ttotals']);
    expect(JSON.stringify(eventsFromFields(apply(hash, writes)))).toBe(JSON.stringify([next]));
  });

  it('writes nothing for a board whose content is the same, though fetched again', () => {
    const basis = [event('a'), event('b')];
    expect(boardFieldWrites(structuredClone(basis), basis)).toEqual({ replace: false, set: [], delete: [] });
  });

  it('writes the links a board comes with once they change', () => {
    const basis = [event('a')];
    const next = structuredClone(basis);
    next[0].bookmakers[0].markets[0].outcomes[1].link = 'https://draftkings.example/bet';
    next[0].bookmakers[1].link = 'https://fanduel.example/event';
    expect(boardFieldWrites(next, basis).set.map(([field]) => field)).toEqual([
      'e\ta',
      't\ta',
      'm\ta\tdraftkings\th2h',
    ]);
  });

  // A stream's message moves a price and its book's update time: the event's skeleton (every book and its markets'
  // keys) was written again for it
  it("writes a moved book's update time apart from the event's skeleton", () => {
    const basis = [event('a')];
    const hash = new Map<string, string>();
    apply(hash, boardFieldWrites(basis, null));
    const next = event('a', 2.1);
    next.bookmakers[0].last_update = next.bookmakers[0].markets[0].last_update = '2026-01-01T00:00:30Z';
    next.bookmakers[1] = basis[0].bookmakers[1];
    const writes = boardFieldWrites([next], basis);
    expect(writes.set.map(([field]) => field)).toEqual(['t\ta', 'm\ta\tdraftkings\th2h']);
    expect(JSON.stringify(eventsFromFields(apply(hash, writes)))).toBe(JSON.stringify([next]));
  });

  it('reads a board stored before the times had their own field, and writes them with its next skeleton', () => {
    const stored = event('a');
    const hash = new Map<string, string>(
      Object.entries(apply(new Map(), boardFieldWrites([stored], null))).filter(([field]) => !field.startsWith('t\t')),
    );
    // the skeleton as it was stored then: the books' times in it
    hash.set(
      'e\ta',
      JSON.stringify({ ...stored, bookmakers: stored.bookmakers.map((b) => ({ ...b, markets: ['h2h', 'totals'] })) }),
    );
    const read = eventsFromFields(Object.fromEntries(hash))!;
    expect(JSON.stringify(read)).toBe(JSON.stringify([stored]));
    // a price moved, nothing else: its skeleton stands (the times in it too, until the times are written)
    const moved = event('a', 2.2);
    moved.bookmakers[0].last_update = '2026-01-01T00:00:40Z';
    const writes = boardFieldWrites([moved], read);
    expect(writes.set.map(([field]) => field)).toContain('t\ta');
    expect(JSON.stringify(eventsFromFields(apply(hash, writes)))).toBe(JSON.stringify([moved]));
  });
});
