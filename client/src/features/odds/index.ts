/** What other features use of odds: the rest of the folder is its own (docs/architecture.md; eslint.config.mjs holds it). */
export { gamePricesPath, matchesOpportunitySearch } from './alert-link';
export { useLinkSelection } from './alert-link-state';
export { DevigMethodPicker } from './filters/DevigMethodPicker';
export { SportsbookSelect } from './filters/SportsbookSelect';
export { isLive, localDay } from './filters/filters';
export { fetchArbitrage, fetchBoards, fetchEv, fetchMiddles, sportsQuery } from './odds-api';
export type { PositionedList } from './odds-api';
export { buildEventRows, isPropMarket } from './rows/rows';
export type { BookPrice, MarketSide, OddsRow } from './rows/rows';
export { BooksHint } from './table/OddsTableNotices';
