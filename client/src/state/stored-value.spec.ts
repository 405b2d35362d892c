import { MemoryStorage } from '../../test-support/memory-storage';
import {
  CLEANUP_MARK,
  STORAGE_INDEX_KEY,
  STORAGE_LIFETIME_MS,
  storedKey,
  writeStored,
  type StorageClass,
} from './stored-value';

const NOW = 1_700_000_000_000;
const MINUTE = 60_000;

/** Values saved through writeStored `ago` ms before NOW, of each class. */
function keep(storage: Storage, values: Array<[name: string, storageClass: StorageClass, ago: number]>): void {
  for (const [name, storageClass, ago] of values) writeStored(storedKey(name, storageClass), 'v', storage, NOW - ago);
}

const kept = (storage: MemoryStorage) => [...storage.values.keys()].filter((k) => k !== STORAGE_INDEX_KEY).sort();

describe('local storage writes (spec 000 §8 storage quota exceeded, §9 cap and lifetimes)', () => {
  it('keeps the value, with its class and the time it was saved', () => {
    const storage = new MemoryStorage();
    expect(writeStored(storedKey('oddsFormat', 'preference'), 'decimal', storage, NOW)).toBe(true);
    expect(storage.getItem('oddsFormat')).toBe('decimal');
    expect(JSON.parse(storage.getItem(STORAGE_INDEX_KEY)!)).toEqual({
      oddsFormat: { class: 'preference', savedAt: NOW },
    });
  });

  it('lasts: critical for ever, preference 30 days, session 1 day, cache 5 minutes', () => {
    expect(STORAGE_LIFETIME_MS).toEqual({
      critical: Infinity,
      preference: 30 * 86_400_000,
      session: 86_400_000,
      cache: 5 * MINUTE,
    });
  });

  it('refused for the quota, cleans up (expired values, then the lowest-ranked 30 %) and keeps the value', () => {
    const storage = new MemoryStorage(2_000);
    storage.setItem('third-party', 'x'.repeat(600));
    keep(storage, [
      ['remember', 'critical', 90 * 86_400_000],
      ['cache-old', 'cache', 10 * MINUTE],
      ['cache-new', 'cache', MINUTE],
      ['session-old', 'session', 20 * 60 * MINUTE],
      ['session-new', 'session', 10 * MINUTE],
      ['pref-1', 'preference', 20 * 86_400_000],
      ['pref-2', 'preference', 10 * 86_400_000],
      ['pref-3', 'preference', 86_400_000],
    ]);
    const big = 'y'.repeat(2_000 - storage.used() + 40);
    expect(writeStored(storedKey('new', 'preference'), big, storage, NOW)).toBe(true);
    // the expired cache value, then 2 of the 6 left (30 %, rounded up): the other cache value and the older session one
    expect(kept(storage)).toEqual(['new', 'pref-1', 'pref-2', 'pref-3', 'remember', 'session-new', 'third-party']);
    expect(Object.keys(JSON.parse(storage.getItem(STORAGE_INDEX_KEY)!)).sort()).toEqual([
      'new',
      'pref-1',
      'pref-2',
      'pref-3',
      'remember',
      'session-new',
    ]);
  });

  it('then, still refused, keeps only the critical keys (and what other scripts keep) and writes again', () => {
    const storage = new MemoryStorage(2_000);
    storage.setItem('third-party', 'x'.repeat(600));
    keep(storage, [
      ['remember', 'critical', 0],
      ['pref-1', 'preference', 0],
      ['pref-2', 'preference', 0],
      ['pref-3', 'preference', 0],
    ]);
    const big = 'y'.repeat(2_000 - storage.used() + 40);
    expect(writeStored(storedKey('email', 'critical'), big, storage, NOW)).toBe(true);
    expect(kept(storage)).toEqual(['email', 'remember', 'third-party']);
  });

  it('reports a write refused even so, and throws nothing: the setting holds for the page only', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new MemoryStorage(1_000);
    storage.setItem('third-party', 'x'.repeat(900));
    keep(storage, [['remember', 'critical', 0]]);
    expect(writeStored(storedKey('pref', 'preference'), 'y'.repeat(200), storage, NOW)).toBe(false);
    expect(error).toHaveBeenCalledWith(
      "Could not keep pref: this browser's storage is full",
      expect.objectContaining({ name: 'QuotaExceededError' }),
    );
    expect(kept(storage)).toEqual(['remember', 'third-party']);
    error.mockRestore();
  });

  it('cleans up before a write that would pass 80 % of the 5 MB cap: expired values, then the lowest-ranked 30 %', () => {
    const storage = new MemoryStorage();
    keep(storage, [
      ['cache-old', 'cache', 10 * MINUTE],
      ['session-1', 'session', 3 * MINUTE],
      ['session-2', 'session', 2 * MINUTE],
      ['session-3', 'session', MINUTE],
    ]);
    storage.setItem('third-party', 'x'.repeat(CLEANUP_MARK - storage.used() - 'third-party'.length - 10));
    expect(writeStored(storedKey('pref', 'preference'), 'y'.repeat(200), storage, NOW)).toBe(true);
    expect(kept(storage)).toEqual(['pref', 'session-2', 'session-3', 'third-party']);
  });

  it("trims once a page load when another script's values hold local storage past the mark", () => {
    const storage = new MemoryStorage();
    keep(storage, [
      ['session-1', 'session', 3 * MINUTE],
      ['session-2', 'session', 2 * MINUTE],
      ['session-3', 'session', MINUTE],
    ]);
    storage.setItem('third-party', 'x'.repeat(CLEANUP_MARK));
    expect(writeStored(storedKey('pref', 'preference'), 'y', storage, NOW)).toBe(true);
    expect(writeStored(storedKey('pref', 'preference'), 'z', storage, NOW)).toBe(true);
    expect(writeStored(storedKey('other', 'preference'), 'w', storage, NOW)).toBe(true);
    expect(kept(storage)).toEqual(['other', 'pref', 'session-2', 'session-3', 'third-party']);
  });

  it('below the mark once the expired values are gone, removes no more', () => {
    const storage = new MemoryStorage();
    keep(storage, [
      ['cache-old', 'cache', 10 * MINUTE],
      ['session-1', 'session', 3 * MINUTE],
    ]);
    storage.setItem('third-party', 'x'.repeat(CLEANUP_MARK - storage.used() - 'third-party'.length - 10));
    expect(writeStored(storedKey('pref', 'preference'), 'y'.repeat(30), storage, NOW)).toBe(true);
    expect(kept(storage)).toEqual(['pref', 'session-1', 'third-party']);
  });

  it('leaves a full storage it wrote nothing to as it is', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new MemoryStorage(100);
    storage.setItem('third-party', 'x'.repeat(80));
    expect(writeStored(storedKey('pref', 'preference'), 'y'.repeat(20), storage, NOW)).toBe(false);
    expect(kept(storage)).toEqual(['third-party']);
    error.mockRestore();
  });
});
