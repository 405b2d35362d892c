/**
 * @jest-environment jsdom
 */
import { createStore } from 'jotai';
import { storedAtom } from '../../state/display-settings';

const parse = (raw: string): number => {
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`not a whole number: ${raw}`);
  return value;
};

describe('storedAtom: a setting kept in this browser', () => {
  beforeEach(() => window.localStorage.clear());

  it('reads the stored value, and writes each set', () => {
    window.localStorage.setItem('probe', '7');
    const probe = storedAtom('probe', parse, 1, String);
    const store = createStore();
    expect(store.get(probe)).toBe(7);
    store.set(probe, 9);
    expect(window.localStorage.getItem('probe')).toBe('9');
    expect(store.get(probe)).toBe(9);
  });

  it('drops a corrupt stored value and starts from the fallback', () => {
    window.localStorage.setItem('probe', 'seven');
    const probe = storedAtom('probe', parse, 1, String);
    expect(createStore().get(probe)).toBe(1);
    expect(window.localStorage.getItem('probe')).toBeNull();
  });

  it("hears another tab's change to the key", () => {
    const probe = storedAtom('probe', parse, 1, String);
    const store = createStore();
    const seen: number[] = [];
    const stop = store.sub(probe, () => seen.push(store.get(probe)));
    window.localStorage.setItem('probe', '4');
    window.dispatchEvent(new StorageEvent('storage', { key: 'probe', storageArea: window.localStorage }));
    expect(seen).toEqual([4]);
    stop();
  });
});
