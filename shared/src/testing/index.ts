/**
 * `@oddspulse/shared/testing`: what tests, benches and scripts build their data and check their answers with
 * (boards, opportunities, seeded random numbers, generated files) and the object path kept as the scan's oracle.
 * Production code may not import it (eslint.config.mjs).
 */
export * from './alert-opportunities';
export * from './bench-picks';
export * from './board-builder';
export * from './exchange-arbitrage';
export * from './finders.oracle';
export * from './line-set-event';
export * from './market-lines.oracle';
export * from './scoreboard-game';
export * from './seeded-random';
export * from './pick-stats.oracle';
