import type { BoardEvent } from '@oddspulse/shared';
import { UNMOVED_RESTAMP_MS, keepUnmovedMarkets } from './held-boards';

const at = (ms: number) => new Date(Date.parse('2026-03-01T18:00:00Z') + ms).toISOString().replace('.000Z', 'Z');

function event(time: string, price = 2.1): BoardEvent {
  return {
    id: 'e1',
    sport_key: 'basketball_nba',
    sport_title: 'NBA',
    commence_time: at(3_600_000),
    home_team: 'A',
    away_team: 'B',
    bookmakers: [
      {
        key: 'fanduel',
        title: 'FanDuel',
        last_update: time,
        markets: [
          {
            key: 'h2h',
            last_update: time,
            outcomes: [
              { name: 'A', price },
              { name: 'B', price: 1.8 },
            ],
          },
          {
            key: 'totals',
            last_update: time,
            outcomes: [
              { name: 'Over', price: 1.9, point: 220.5 },
              { name: 'Under', price: 1.9, point: 220.5 },
            ],
          },
        ],
      },
    ],
  };
}

// A feed restamping markets whose prices did not move: the stored objects stay, so nothing is written again.
describe('keepUnmovedMarkets', () => {
  it('keeps an event whose prices did not move as the object stored, whatever its update times say', () => {
    const stored = event(at(0));
    const [kept] = keepUnmovedMarkets([stored], [event(at(30_000))]);
    expect(kept).toBe(stored);
  });

  it('takes a moved market with its new time, and keeps the unmoved one beside it', () => {
    const stored = event(at(0));
    const [next] = keepUnmovedMarkets([stored], [event(at(30_000), 2.2)]);
    expect(next).not.toBe(stored);
    const [h2h, totals] = next.bookmakers[0].markets;
    expect(h2h).toMatchObject({ last_update: at(30_000), outcomes: [{ price: 2.2 }, { price: 1.8 }] });
    expect(totals).toBe(stored.bookmakers[0].markets[1]);
    expect(next.bookmakers[0].last_update).toBe(at(30_000));
  });

  it('writes an unmoved market again once the feed’s time is a minute past the stored one, or behind it', () => {
    const stored = event(at(0));
    const [late] = keepUnmovedMarkets([stored], [event(at(UNMOVED_RESTAMP_MS))]);
    expect(late).not.toBe(stored);
    expect(late.bookmakers[0].markets.map((m) => m.last_update)).toEqual([at(60_000), at(60_000)]);
    const [earlier] = keepUnmovedMarkets([stored], [event(at(-1_000))]);
    expect(earlier.bookmakers[0].markets.map((m) => m.last_update)).toEqual([at(-1_000), at(-1_000)]);
  });

  it('passes over a board with nothing before it', () => {
    const fresh = [event(at(0))];
    expect(keepUnmovedMarkets(null, fresh)).toBe(fresh);
  });
});
