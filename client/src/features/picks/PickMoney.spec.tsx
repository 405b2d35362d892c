import { renderToStaticMarkup } from 'react-dom/server';
import type { UserPick } from '@oddspulse/shared';
import type { OddsDisplayFormat } from '../../format/odds-format';
import { PickMoney } from './PickMoney';

/** A won pick at −105 that closed at −110: 2.3 % of closing-line value. */
const pick: UserPick = {
  id: 'p1',
  game: 'Chiefs @ Bills',
  league: 'NFL',
  sport: 'americanfootball_nfl',
  market: 'Moneyline',
  selection: 'Bills',
  odds: '-105',
  bookmaker: 'fanduel',
  stakeCents: 1050,
  potentialCents: 2050,
  actualPayoutCents: 2050,
  status: 'won',
  type: 'single',
  edge: null,
  note: null,
  eventId: null,
  commenceTime: null,
  dateAdded: '2026-11-01T12:00:00.000Z',
  settledDate: '2026-11-01T20:00:00.000Z',
  validatedAt: null,
  validatedBy: null,
  validationConfidence: null,
  espnGameId: null,
  closingOdds: -110,
  clv: 2.3,
  unsettledReason: null,
};

const clv = (oddsFormat: OddsDisplayFormat) =>
  /data-testid="pick-clv"[^>]*>(.*?)<\/span>/
    .exec(renderToStaticMarkup(<PickMoney pick={pick} oddsFormat={oddsFormat} />))![1]
    .replace(/<!-- -->/g, '');

// spec 001 §3: the odds format is stored and applied. The pick's own price is shown in it (PickCard); its closing price,
// beside the CLV, was shown in American odds whatever the user chose.
describe('a pick’s closing price', () => {
  it('is shown in the user’s odds format', () => {
    expect(clv('decimal')).toBe('CLV +2.3% (close 1.91)');
    expect(clv('fractional')).toBe('CLV +2.3% (close 10/11)');
    expect(clv('american')).toBe('CLV +2.3% (close -110)');
  });
});
