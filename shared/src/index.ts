export * from './domain/accounts/plans';
export * from './domain/sports';
export * from './domain/books/sportsbooks';
export * from './domain/books/book-links';
export * from './domain/api-errors';
export * from './domain/odds';
export * from './domain/odds-response';
export * from './domain/board-headers';
export * from './domain/board-changes';
export * from './domain/session-contract';
export * from './domain/health';
export * from './jobs/job-map';
export * from './domain/opportunities';
export * from './engine/odds/odds-format';
export * from './engine/odds/iso-time';
export * from './feeds/odds-api-v4';
export * from './feeds/market-quote';
export * from './feeds/odds-stream';
export * from './feeds/odds-api-v4-scores';
export * from './engine/odds/devig';
export * from './engine/odds/fair-probability';
export * from './engine/odds/normal';
export * from './engine/lines/locked-market';
export { cachedTime, gameName, type TimeCache } from './engine/lines/market-lines';
export {
  ARBITRAGE_LINE_TOLERANCE,
  completeSideCount,
  isAlternateMarket,
  isLayMarket,
  KIND_NUMBERS,
  lockedDescriptions,
  lockedOutcomes,
  marketFamily,
  replacesHeldQuote,
  type LineKind,
} from './engine/lines/line-rules';
export {
  SCANNER_EXCLUDED_BOOKS,
  STALE_LEG_LAG_MS,
  STALE_LEG_LAG_LIVE_MS,
} from './engine/opportunities/opportunity-legs';
export {
  ARBITRAGE_DEFAULTS,
  arbitrageCalculator,
  arbitrageProfit,
  arbitrageStakes,
  arbitrageTotalStakeCents,
  profitPctOfStakes,
  type ArbitrageOptions,
  type ArbitrageSplit,
  type ArbitrageStakes,
  type StakeRounding,
} from './engine/opportunities/arbitrage';
export {
  MIDDLE_DEFAULTS,
  isGameLineFamily,
  middleOutcomes,
  middleOutcomeTable,
  middleProbability,
  middleRange,
  middleTotalStakeCents,
  type MiddleOptions,
  type LegResult,
  type MiddleOutcomeRow,
  type MiddleOutcomes,
} from './engine/opportunities/middles';
export * from './engine/odds/money';
export * from './engine/odds/commission';
export {
  DEVIG_MIN_BOOKS,
  DFS_FIXED_AMERICAN,
  DFS_FIXED_DECIMAL,
  EV_LINE_TOLERANCE,
  EV_MIN_BOOKS,
  EV_SUSPECT_PCT,
  type EvOptions,
} from './engine/opportunities/ev';
export * from './engine/opportunities/scan';
export * from './engine/opportunities/finders';
export { PreparedBoard } from './engine/prepared/prepared-board';
export * from './engine/opportunities/opportunities-for-user';
export * from './engine/bets/sizing';
export * from './engine/bets/bet-slip';
export * from './engine/bets/edge-calculator';
export * from './domain/accounts/accounts';
export * from './domain/accounts/security';
export * from './domain/accounts/entitlements';
export * from './domain/accounts/billing';
export * from './domain/accounts/plan-changes';
export * from './domain/reactions';
export * from './realtime/channel-access';
export * from './realtime/socket-events';
export * from './domain/books/book-regions';
export * from './domain/scores';
export * from './domain/line-history';
export * from './domain/line-movement';
export * from './domain/game-day';
export * from './scores/team-match';
export { allTeams, findTeam, isPlaceName, teamLeague, type Team, type TeamLeague } from './scores/teams';
export * from './realtime/board-diff';
export * from './realtime/packed-boards';
export * from './realtime/channels';
export { lineKey, type FairLine, type MarketGroup, type MarketLine, type Quote } from './engine/lines/market-lines';
export { marketLines, type LineOptions } from './engine/lines/event-lines';
export * from './realtime/room-sequences';
export * from './picks/pick';
export * from './picks/settlement';
export * from './picks/stats';
export * from './picks/leagues';
export * from './picks/match-game';
export * from './picks/closing-line';
export * from './picks/picks-csv';
export * from './picks/csv-records';
export * from './picks/pick-fields';
export * from './picks/pick-limits';
export * from './picks/demo-picks';
export * from './domain/landing-stats';
export * from './domain/site';
export * from './domain/support';
export * from './feeds/feed-cadence';
export * from './feeds/event-schedule';
export * from './feeds/feed-plausibility';
export * from './feeds/feed-failure';
export * from './feeds/feed-status';
export * from './ops/ops-roles';
export * from './ops/ops-overview';
export * from './ops/worker-problems';
export * from './ops/credit-burn';
export * from './domain/alerts';
export * from './domain/market-labels';
export * from './domain/steam';
export * from './domain/price-targets';
export * from './steam/steam-rules';
export * from './steam/steam-quotes';
export * from './steam/steam-detect';
export * from './steam/steam-grade';
