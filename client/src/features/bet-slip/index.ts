/** What other features use of bet-slip: the rest of the folder is its own (docs/architecture.md; eslint.config.mjs holds it). */
export { AddToPicksButton } from './AddToPicksButton';
export { BetSlipPanel } from './BetSlipPanel';
export { EdgeCalculator } from './EdgeCalculator';
export { addAllToSlip, addToSlip } from './bet-slip';
export { betSlipAtom, useBankroll } from './bet-slip-state';
export { evBetToSlipItem, opportunityToSlipItems, rowToSlipItem } from './slip-items';
