/** What other features use of steam: the rest of the folder is its own (docs/architecture.md; eslint.config.mjs holds it). */
export { SteamPanel } from './SteamPanel';
