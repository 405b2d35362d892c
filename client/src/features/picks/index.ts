/** What other features use of picks: the rest of the folder is its own (docs/architecture.md; eslint.config.mjs holds it). */
export { ProfitChart } from './ProfitChart';
export { allPicksQuery, fetchAllPicks, pickStatsQuery, picksKeys } from './picks-api';
export type { PickListQuery } from './picks-api';
export { applySettledPicks, cumulativeProfitSeries, formatPickOdds, settledAt, statusLabel } from './picks-logic';
