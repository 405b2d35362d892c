/** What other features use of scanners: the rest of the folder is its own (docs/architecture.md; eslint.config.mjs holds it). */
export { ScannerFiltersPanel } from './ScannerFilters';
export { FeedLoadState, HiddenByBooks } from './ScannerNotices';
export { ScannerPanel } from './ScannerPanel';
export { HIGHLIGHT_MS } from './opportunity-feed';
export { scannerSportsAtom } from './scanner-state';
export { feedState } from './useScannerFeed';
