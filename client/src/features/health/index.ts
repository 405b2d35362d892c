/** What other features use of health: the rest of the folder is its own (docs/architecture.md; eslint.config.mjs holds it). */
export { healthAtom } from './health-state';
