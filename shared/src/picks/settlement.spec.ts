import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { settlePick, settlementPayoutCents, validationMessage, FinalGame } from './settlement';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'shared', 'fixtures');

/** The final games of a recorded ESPN scoreboard, read straight from the raw JSON. */
function espnFinals(file: string): FinalGame[] {
  const board = JSON.parse(readFileSync(join(FIXTURES, 'espn', file), 'utf8'));
  return board.events
    .filter((e: any) => e.status.type.completed)
    .map((e: any) => {
      const teams = e.competitions[0].competitors;
      const home = teams.find((t: any) => t.homeAway === 'home');
      const away = teams.find((t: any) => t.homeAway === 'away');
      return { home_team: home.team.displayName, away_team: away.team.displayName, home_score: Number(home.score), away_score: Number(away.score) };
    });
}

// Recorded NFL 2022 week 1: New England Patriots 7 at Miami Dolphins 20 (final).
const nfl = espnFinals('scoreboard_football_nfl_2022-wk1_live-final-scheduled.json');
const miami = nfl.find((g) => g.home_team === 'Miami Dolphins')!;
const game = 'New England Patriots @ Miami Dolphins';

describe('settlePick — spec 002 §5 rules on recorded ESPN finals, DECISIONS 19 pushes', () => {
  it('reads the recorded final', () => {
    expect(miami).toEqual({ home_team: 'Miami Dolphins', away_team: 'New England Patriots', home_score: 20, away_score: 7 });
  });

  it.each([
    ['Miami Dolphins -3.5', 'won'],
    ['Dolphins -12.5', 'won'],
    ['Miami Dolphins -13', 'push'], // margin 13 exactly on the line (DECISIONS 19)
    ['Miami Dolphins -13.5', 'lost'],
    ['New England Patriots +13.5', 'won'],
    ['Patriots +13', 'push'],
    ['New England Patriots +3', 'lost'],
  ])('spread %s → %s', (selection, status) => {
    expect(settlePick({ game, market: 'Point Spread', selection }, miami)).toMatchObject({ settled: true, status, confidence: 95 });
  });

  it.each([
    ['Miami Dolphins -250', 'won'],
    ['New England Patriots +210', 'lost'],
    ['Dolphins', 'won'],
  ])('moneyline %s → %s', (selection, status) => {
    expect(settlePick({ game, market: 'Moneyline', selection }, miami)).toMatchObject({ settled: true, status });
  });

  it('a tied moneyline is a push (DECISIONS 19)', () => {
    const tie: FinalGame = { home_team: 'Houston Texans', away_team: 'Indianapolis Colts', home_score: 20, away_score: 20 };
    expect(settlePick({ game: 'Indianapolis Colts at Houston Texans', market: 'h2h', selection: 'Houston Texans -120' }, tie)).toMatchObject({ status: 'push' });
  });

  it.each([
    ['Over 26.5', 'won'],
    ['Under 26.5', 'lost'],
    ['Over 27', 'push'], // 27 points exactly on the line
    ['Under 27', 'push'],
    ['Under 40', 'won'],
    ['o 30', 'lost'],
  ])('total %s → %s (combined 27)', (selection, status) => {
    expect(settlePick({ game, market: 'Totals', selection }, miami)).toMatchObject({ settled: true, status });
  });

  it('settles a second recorded final (Buffalo Bills 31 at Los Angeles Rams 10)', () => {
    const rams = nfl.find((g) => g.home_team === 'Los Angeles Rams')!;
    const pick = { game: 'Buffalo Bills vs Los Angeles Rams', market: 'spread', selection: 'Buffalo Bills -2.5' };
    expect(settlePick(pick, rams)).toMatchObject({ status: 'won' });
  });

  it('leaves the pick pending when the team is not in the game, the game text is unreadable, or the market is unknown', () => {
    expect(settlePick({ game, market: 'Point Spread', selection: 'Green Bay Packers -3' }, miami)).toEqual({ settled: false, reason: 'team_not_found' });
    expect(settlePick({ game: 'Miami Dolphins', market: 'spread', selection: 'Miami Dolphins -3' }, miami)).toEqual({ settled: false, reason: 'game_text' });
    expect(settlePick({ game, market: 'Player Props', selection: 'Tua passing yards' }, miami)).toEqual({ settled: false, reason: 'unsupported_market' });
    expect(settlePick({ game, market: 'Point Spread', selection: 'Miami Dolphins' }, miami)).toEqual({ settled: false, reason: 'unreadable_selection' });
  });
});

describe('settlementPayoutCents — spec 002 §5 payout, DECISIONS 19', () => {
  it('pays the potential on a win, or the stake × 1.91 when none was recorded', () => {
    expect(settlementPayoutCents('won', 10_000, 19_091)).toBe(19_091);
    expect(settlementPayoutCents('won', 10_000, null)).toBe(19_100);
    expect(settlementPayoutCents('won', 333, null)).toBe(636); // 636.03 rounded to the cent
  });
  it('returns the stake on a push and nothing on a loss', () => {
    expect(settlementPayoutCents('push', 2_500, 4_773)).toBe(2_500);
    expect(settlementPayoutCents('lost', 2_500, 4_773)).toBe(0);
  });
});

// Spec 002 §8 "Messages after manual validation", verbatim: the catalogue's update message says "ESPN results"
// whichever scores provider settled; the pick's validatedBy names the real source.
describe('validationMessage — spec 002 §8', () => {
  it('gives the catalogue text for updated, checked and not-found runs, and for nothing pending', () => {
    expect(validationMessage({ checked: 3, matched: 2, updated: 2 })).toBe('✅ Updated 2 bet(s) with ESPN results');
    expect(validationMessage({ checked: 3, matched: 2, updated: 0 })).toBe('📊 All bets checked - no updates needed');
    expect(validationMessage({ checked: 3, matched: 0, updated: 0 })).toBe('⏳ No completed games found for pending bets');
    expect(validationMessage({ checked: 0, matched: 0, updated: 0 })).toBe('No pending bets to validate');
  });
});
