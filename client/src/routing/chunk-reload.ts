/** Where the page notes that it reloaded for a missing chunk, so a chunk still missing after it does not reload forever. */
export const CHUNK_RELOAD_KEY = 'oddspulse.chunkReload';

/**
 * Whether an error is a dynamic import that failed: Chromium's "Failed to fetch dynamically imported module", Firefox's
 * "error loading dynamically imported module", Safari's "Importing a module script failed", or Vite's preload failure.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}

/**
 * True (and noted) the first time a path asks, false once it has already reloaded for a chunk in this tab and no
 * screen's code has loaded since.
 */
export function reloadOnceForChunk(pathname: string, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  if (storage.getItem(CHUNK_RELOAD_KEY) === pathname) return false;
  storage.setItem(CHUNK_RELOAD_KEY, pathname);
  return true;
}

/**
 * A screen's code has loaded: the deploy that made a chunk go missing is behind this page, so a later deploy may
 * reload it once again.
 */
export function chunkLoaded(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(CHUNK_RELOAD_KEY);
}
