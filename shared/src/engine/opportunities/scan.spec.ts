import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { normaliseOddsApiV4 } from '../../feeds/odds-api-v4';
import { book, event, NOW } from '../../testing/board-builder';
import { marketLines } from '../lines/event-lines';
import { newestUpdate, scanBoard, scanEvent } from './scan';
import { findArbitrage, findEvBets, findMiddles } from './finders';

const FIXTURES = join(__dirname, '..', '..', '..', '..', '..', 'shared', 'fixtures', 'the-odds-api');
const BOARDS = readdirSync(FIXTURES).filter((f) => f.startsWith('v4_odds_') || f.startsWith('v4_event_odds_'));
const byId = <T extends { id: string }>(items: T[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));

describe('scan', () => {
  // Detection runs per changed event; the per-event finders and the whole-board pass must agree
  it.each(BOARDS)('%s: scanBoard is the union of the per-event finders', (file) => {
    const { events } = normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')));
    const now = newestUpdate(events)!;
    const whole = scanBoard(events, {}, now);
    expect(byId(whole.arbitrage)).toEqual(byId(events.flatMap((e) => findArbitrage(e, {}, now))));
    expect(byId(whole.middles)).toEqual(byId(events.flatMap((e) => findMiddles(e, {}, now))));
    expect(byId(whole.ev)).toEqual(byId(events.flatMap((e) => findEvBets(e, {}, now))));
    const ids = [...whole.arbitrage, ...whole.middles, ...whole.ev].map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // DECISIONS 10: a fair line needs 4 books quoting both sides. Three books call him "Lonnie Walker IV" and one
  // "Lonnie Walker": one player, so one line with a fair line, where each spelling alone had too few books for one
  it('a player spelt two ways at the books is one line, with a fair line', () => {
    const file = 'v4_event_odds_basketball_nba_player_points_us_american_2024-02-22_BKN-at-TOR.json';
    const { events } = normaliseOddsApiV4(JSON.parse(readFileSync(join(FIXTURES, file), 'utf8')));
    const lines = marketLines(events[0], newestUpdate(events)!);
    const walker = lines.filter((l) => l.group.description?.startsWith('Lonnie Walker') && l.line === 6.5);
    expect(walker).toHaveLength(1);
    expect(walker[0].sides.get('Over')).toHaveLength(4);
    expect(walker[0].fair).not.toBeNull();
    // one Nic Claxton 11.5, so one fair Under price rather than two that contradict each other
    expect(lines.filter((l) => l.group.description?.includes('Claxton') && l.line === 11.5)).toHaveLength(1);
  });

  it('ids are stable when only prices move', () => {
    const board = (away: number) =>
      event([
        book('draftkings', {
          h2h: [
            ['Home', 110],
            ['Away', -130],
          ],
        }),
        book('fanduel', {
          h2h: [
            ['Home', -125],
            ['Away', away],
          ],
        }),
      ]);
    const before = scanEvent(board(105), {}, NOW).arbitrage[0];
    const after = scanEvent(board(108), {}, NOW + 5000).arbitrage[0];
    expect(after.id).toBe(before.id);
    expect(after.profitPct).toBeGreaterThan(before.profitPct);
    expect(after.ageSeconds).toBe(before.ageSeconds + 5);
  });

  // DECISIONS 29: the same line at other books is another bet, with a 30-minute clock of its own (spec 001 §9)
  it("ids name the legs' books: the same line at other books is another opportunity", () => {
    const h2h = (home: string, away: string) =>
      event([
        book(home, {
          h2h: [
            ['Home', 110],
            ['Away', -130],
          ],
        }),
        book(away, {
          h2h: [
            ['Home', -125],
            ['Away', 105],
          ],
        }),
      ]);
    const totals = (over: string, under: string) =>
      event([
        book(over, {
          totals: [
            ['Over', -110, 44.5],
            ['Under', -110, 44.5],
          ],
        }),
        book(under, {
          totals: [
            ['Over', -110, 48.5],
            ['Under', -110, 48.5],
          ],
        }),
      ]);
    const arbitrage = (home: string, away: string) => scanEvent(h2h(home, away), {}, NOW).arbitrage[0].id;
    const middle = (over: string, under: string) => scanEvent(totals(over, under), {}, NOW).middles[0].id;
    expect(arbitrage('betmgm', 'williamhill_us')).not.toBe(arbitrage('draftkings', 'fanduel'));
    expect(middle('betmgm', 'williamhill_us')).not.toBe(middle('draftkings', 'fanduel'));
  });

  it('newestUpdate is the newest last_update on the board, null without one', () => {
    const e = event([
      book(
        'draftkings',
        {
          h2h: [
            ['Home', 110],
            ['Away', -130],
          ],
        },
        60_000,
      ),
      book(
        'fanduel',
        {
          h2h: [
            ['Home', -125],
            ['Away', 105],
          ],
        },
        5000,
      ),
    ]);
    expect(newestUpdate([e])).toBe(NOW - 5000);
    expect(newestUpdate([])).toBeNull();
  });
});
