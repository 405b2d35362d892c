/**
 * @jest-environment jsdom
 */
import { createStore } from 'jotai';
import { storedAtom } from '../../state/display-settings';
import { storedKey, writeStored } from '../../state/stored-value';
import { fillStorage } from '../../../test-support/memory-storage';
import { FILTERS_KEY } from './filters/filter-settings';
import { appliedFiltersAtom } from './odds-state';

const parse = (raw: string): number => {
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`not a whole number: ${raw}`);
  return value;
};

const PROBE = storedKey('probe', 'preference');

describe('storedAtom: a setting kept in this browser', () => {
  beforeEach(() => window.localStorage.clear());

  it('reads the stored value, and writes each set', () => {
    window.localStorage.setItem('probe', '7');
    const probe = storedAtom(PROBE, parse, 1, String);
    const store = createStore();
    expect(store.get(probe)).toBe(7);
    store.set(probe, 9);
    expect(window.localStorage.getItem('probe')).toBe('9');
    expect(store.get(probe)).toBe(9);
  });

  it('drops a corrupt stored value and starts from the fallback', () => {
    window.localStorage.setItem('probe', 'seven');
    const probe = storedAtom(PROBE, parse, 1, String);
    expect(createStore().get(probe)).toBe(1);
    expect(window.localStorage.getItem('probe')).toBeNull();
  });

  it("hears another tab's change to the key", () => {
    const probe = storedAtom(PROBE, parse, 1, String);
    const store = createStore();
    const seen: number[] = [];
    const stop = store.sub(probe, () => seen.push(store.get(probe)));
    window.localStorage.setItem('probe', '4');
    window.dispatchEvent(new StorageEvent('storage', { key: 'probe', storageArea: window.localStorage }));
    expect(seen).toEqual([4]);
    stop();
  });

  // spec 000 §8 storage quota exceeded: cleanup, retry once, then emergency cleanup keeping only critical keys
  it('keeps a set on a full storage by cleaning up, and reports one it still cannot keep, never throwing it', () => {
    writeStored(storedKey('oddspulse.old', 'preference'), 'x'.repeat(1_000_000));
    fillStorage(window.localStorage);
    const probe = storedAtom(PROBE, parse, 1, String);
    const store = createStore();
    expect(() => store.set(probe, 9)).not.toThrow();
    expect(window.localStorage.getItem('probe')).toBe('9');
    expect(window.localStorage.getItem('oddspulse.old')).toBeNull();

    fillStorage(window.localStorage);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const text = storedAtom(storedKey('probe-text', 'preference'), String, '', String);
    expect(() => store.set(text, 'y'.repeat(1_000))).not.toThrow();
    expect(store.get(text)).toBe('y'.repeat(1_000));
    expect(window.localStorage.getItem('probe-text')).toBeNull();
    expect(error).toHaveBeenCalledWith("Could not keep probe-text: this browser's storage is full", expect.anything());
    error.mockRestore();
  });
});

// spec 000 §9: the filters' parts last from the Apply that saved them (filter-settings.spec.ts reads them)
describe('the applied filters', () => {
  beforeEach(() => window.localStorage.clear());

  it('are kept with the time they were applied', () => {
    const store = createStore();
    const before = Date.now();
    store.set(appliedFiltersAtom, { ...store.get(appliedFiltersAtom), minEv: 5, date: 'live' });
    const kept = JSON.parse(window.localStorage.getItem(FILTERS_KEY)!) as { savedAt: number; minEv: number };
    expect(kept.minEv).toBe(5);
    expect(kept.savedAt).toBeGreaterThanOrEqual(before);
    expect(kept.savedAt).toBeLessThanOrEqual(Date.now());
  });
});
