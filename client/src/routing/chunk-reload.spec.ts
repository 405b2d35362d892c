import { CHUNK_RELOAD_KEY, chunkLoaded, isChunkLoadError, reloadOnceForChunk } from './chunk-reload';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
    values,
  };
}

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://oddspulse.test/assets/OddsPage-1a2b.js',
    'error loading dynamically imported module: https://oddspulse.test/assets/OddsPage-1a2b.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/odds-1a2b.css',
  ])('knows a failed load of a screen: %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('leaves a screen that threw while rendering to the error screen', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'price')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('reloadOnceForChunk', () => {
  it('reloads a path once, then leaves it to the error screen', () => {
    const storage = memoryStorage();
    expect(reloadOnceForChunk('/sportsbooks', storage)).toBe(true);
    expect(storage.values.get(CHUNK_RELOAD_KEY)).toBe('/sportsbooks');
    expect(reloadOnceForChunk('/sportsbooks', storage)).toBe(false);
  });

  it('reloads again for another path', () => {
    const storage = memoryStorage();
    reloadOnceForChunk('/sportsbooks', storage);
    expect(reloadOnceForChunk('/picks', storage)).toBe(true);
  });

  it('reloads the same path again after a deploy that follows a screen loaded', () => {
    const storage = memoryStorage();
    reloadOnceForChunk('/sportsbooks', storage);
    chunkLoaded(storage);
    expect(reloadOnceForChunk('/sportsbooks', storage)).toBe(true);
  });
});
