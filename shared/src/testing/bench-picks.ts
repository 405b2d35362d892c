import { pickToCsvRow, type PickCsvColumn } from '../picks/picks-csv';
import type { UserPick } from '../picks/pick';

/** What a generated pick takes from its bench: the game, league, market and selection, odds and book of row `i`. */
export type BenchPickChoice = Pick<UserPick, 'game' | 'league' | 'market' | 'selection' | 'odds' | 'bookmaker'>;

const START = Date.parse('2026-08-01T00:00:00Z');

/**
 * `count` picks as the export writes them (one CSV row each, by column), for the picks CSV benches: a mix of
 * statuses, stakes, edges, closing lines and a quoted note, a minute apart from 1 August 2026; `choose` gives each
 * row what its bench varies.
 */
export function benchPickRows(count: number, choose: (i: number) => BenchPickChoice): Record<PickCsvColumn, string>[] {
  return Array.from({ length: count }, (_, i) => {
    const status = (['won', 'lost', 'pending', 'push'] as const)[i % 4];
    const stakeCents = 1000 + (i % 50) * 500;
    return pickToCsvRow({
      id: `bench-${i}`,
      sport: null,
      ...choose(i),
      stakeCents,
      potentialCents: null,
      actualPayoutCents: status === 'pending' ? null : status === 'lost' ? 0 : stakeCents,
      status,
      type: 'single',
      edge: (i % 7) - 2,
      note: i % 10 ? null : 'from my spreadsheet, "week 3"',
      eventId: null,
      commenceTime: null,
      dateAdded: new Date(START + i * 60_000).toISOString(),
      settledDate: null,
      validatedAt: status === 'pending' ? null : new Date(START + i * 60_000 + 86_400_000).toISOString(),
      validatedBy: null,
      validationConfidence: null,
      espnGameId: null,
      closingOdds: i % 3 ? -115 : null,
      clv: i % 3 ? 1.2 : null,
      unsettledReason: null,
    });
  });
}
