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

/**
 * What a value kept in this browser is (spec 000 §9 storage lifetimes): critical values are never removed but by a
 * sign-out; a cleanup removes the others, cache first, then session, then preference values, the oldest first.
 */
export type StorageClass = 'critical' | 'preference' | 'session' | 'cache';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** How long each class lasts from its last save (spec 000 §9). */
export const STORAGE_LIFETIME_MS: Readonly<Record<StorageClass, number>> = {
  critical: Infinity,
  preference: 30 * DAY_MS,
  session: DAY_MS,
  cache: 5 * MINUTE_MS,
};

/** A cleanup removes the lowest rank first. */
const CLEANUP_RANK: Readonly<Record<Exclude<StorageClass, 'critical'>, number>> = {
  cache: 0,
  session: 1,
  preference: 2,
};

/**
 * Local storage cap: 5 MB; cleanup starts at 80 % of it and removes the lowest-ranked 30 % of the items (spec 000 §9).
 * Counted as the browsers count their quota: the characters of every key and value.
 */
const STORAGE_CAP = 5 * 1024 * 1024;
export const CLEANUP_MARK = 0.8 * STORAGE_CAP;
const CLEANUP_SHARE = 0.3;
/**
 * The storages whose values a write past the mark has already trimmed this page load: another script's values (which
 * no cleanup removes) can hold local storage past the mark, and trimming again on every write would take 30 % more of
 * the user's settings each time, whether the write fitted or not. A write the browser refuses still cleans up.
 */
const trimmedThisLoad = new WeakSet<Storage>();

/** A key this product writes in local storage, with its class: each key's class is declared once, with its name. */
export interface StoredKey {
  readonly name: string;
  readonly class: StorageClass;
}

export const storedKey = (name: string, storageClass: StorageClass): StoredKey => ({ name, class: storageClass });

/**
 * When and as what each key was last saved through writeStored: a cleanup ranks and expires the product's keys by it,
 * whichever screens have loaded, and leaves every key not listed (another script's) alone.
 */
export const STORAGE_INDEX_KEY = 'oddspulse.storage';

interface IndexEntry {
  class: StorageClass;
  savedAt: number;
}
type StorageIndex = Record<string, IndexEntry>;

const CLASSES = new Set<string>(Object.keys(STORAGE_LIFETIME_MS));

function readIndex(storage: Storage): StorageIndex {
  const parsed = readStored<unknown>(storage, STORAGE_INDEX_KEY, (raw) => JSON.parse(raw), null);
  const index: StorageIndex = {};
  if (!parsed || typeof parsed !== 'object') return index;
  for (const [name, entry] of Object.entries(parsed as Record<string, Partial<IndexEntry> | null>)) {
    if (entry && CLASSES.has(String(entry.class)) && typeof entry.savedAt === 'number')
      index[name] = { class: entry.class as StorageClass, savedAt: entry.savedAt };
  }
  return index;
}

/** The characters local storage holds: every key and value. */
function storageUsed(storage: Storage): number {
  let used = 0;
  for (let i = 0; i < storage.length; i++) {
    const name = storage.key(i);
    if (name !== null) used += name.length + (storage.getItem(name)?.length ?? 0);
  }
  return used;
}

function isQuotaError(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : null;
  // Firefox names it otherwise
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/** Removes the values and their index entries; the number removed. */
function removeAll(storage: Storage, index: StorageIndex, names: readonly string[]): number {
  for (const name of names) {
    storage.removeItem(name);
    delete index[name];
  }
  return names.length;
}

/** The index after a cleanup: written only when it lost entries, so it only shrinks and a full storage takes it. */
function saveShrunkIndex(storage: Storage, index: StorageIndex, removed: number): void {
  if (removed > 0) storage.setItem(STORAGE_INDEX_KEY, JSON.stringify(index));
}

/**
 * Cleanup (spec 000 §8, §9): the product's expired values first; then, when local storage would still pass the
 * cleanup mark with `pending` characters more, or a write has already been refused (`refused`), the lowest-ranked
 * 30 % of its values that are not critical. Keys it did not write are left alone.
 */
function cleanUpStorage(storage: Storage, now: number, pending: number, refused: boolean): void {
  const index = readIndex(storage);
  const stale = Object.keys(index).filter(
    (name) => storage.getItem(name) === null || now - index[name].savedAt > STORAGE_LIFETIME_MS[index[name].class],
  );
  saveShrunkIndex(storage, index, removeAll(storage, index, stale));
  if (!refused && (trimmedThisLoad.has(storage) || storageUsed(storage) + pending <= CLEANUP_MARK)) return;
  if (!refused) trimmedThisLoad.add(storage);
  const ranked = Object.entries(index)
    .flatMap(([name, entry]) =>
      entry.class === 'critical' ? [] : [{ name, rank: CLEANUP_RANK[entry.class], savedAt: entry.savedAt }],
    )
    .sort((a, b) => a.rank - b.rank || a.savedAt - b.savedAt);
  const lowest = ranked.slice(0, Math.ceil(ranked.length * CLEANUP_SHARE)).map(({ name }) => name);
  saveShrunkIndex(storage, index, removeAll(storage, index, lowest));
}

/** Emergency cleanup (spec 000 §8): every value of the product's but the critical ones. */
function emergencyCleanUpStorage(storage: Storage): void {
  const index = readIndex(storage);
  const removed = removeAll(
    storage,
    index,
    Object.keys(index).filter((name) => index[name].class !== 'critical'),
  );
  saveShrunkIndex(storage, index, removed);
}

/**
 * Keeps `value` under `key` in local storage: every local write of the product's goes through here. A write that
 * would pass the cleanup mark cleans up first; a write the browser refuses for its quota cleans up and is retried
 * once, then an emergency cleanup keeps only the critical keys and it is retried again (spec 000 §8 storage quota
 * exceeded). A write still refused is reported, not thrown, so the click that saved a setting carries on: the
 * setting then holds for this page only. True when the value was kept.
 */
export function writeStored(
  key: StoredKey,
  value: string,
  storage: Storage | null = browserStorage(),
  now: number = Date.now(),
): boolean {
  if (!storage) return false;
  /** The browser's refusal for its quota, or null once the value and its index entry are kept. */
  const write = (): unknown => {
    try {
      storage.setItem(key.name, value);
      const index = readIndex(storage);
      index[key.name] = { class: key.class, savedAt: now };
      storage.setItem(STORAGE_INDEX_KEY, JSON.stringify(index));
      return null;
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      return error;
    }
  };
  const before = storage.getItem(key.name);
  const pending = before === null ? key.name.length + value.length : value.length - before.length;
  if (storageUsed(storage) + pending > CLEANUP_MARK) cleanUpStorage(storage, now, pending, false);
  let refusal = write();
  if (refusal) {
    cleanUpStorage(storage, now, pending, true);
    refusal = write();
  }
  if (refusal) {
    emergencyCleanUpStorage(storage);
    refusal = write();
  }
  if (refusal) console.error(`Could not keep ${key.name}: this browser's storage is full`, refusal);
  return !refusal;
}
