/**
 * This browser's localStorage, or null where there is no browser: the public pages are rendered at build in Node
 * (src/app/prerender.tsx), where every setting reads as its fallback, as a first visit's does.
 */
export function browserStorage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

/**
 * A setting kept in this browser, parsed, or the fallback when there is none. A corrupt stored value is dropped so the
 * fallback applies from then on. Both the settings' atoms and the page's boot script read with it.
 */
export function readStored<T>(storage: Storage | null, key: string, parse: (raw: string) => T, fallback: T): T {
  const raw = storage?.getItem(key) ?? null;
  if (raw === null) return fallback;
  try {
    return parse(raw);
  } catch {
    storage?.removeItem(key);
    return fallback;
  }
}
