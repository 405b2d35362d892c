import { atomWithStorage } from 'jotai/utils';
import type { OddsDisplayFormat } from '../format/odds-format';
import { DEFAULT_DEVIG_CHOICE, parseDevigChoice, type DevigChoice } from './devig-choice';
import { browserStorage, readStored, storedKey, writeStored, type StoredKey } from './stored-value';

/**
 * What every page shows prices with, kept in this browser (spec 001 §3 local settings, §9): the odds format and the
 * de-vig method. The odds page, the scanners, the bet slip, the dashboard, picks and scores all read them.
 */
export const ODDS_FORMAT_KEY = 'oddsFormat';
export const DEVIG_KEY = 'oddspulse.devigMethod';

/**
 * An atom kept in this browser under `key` (jotai's atomWithStorage), read at once on first use (a corrupt value as the
 * fallback) and written on every set through writeStored, so a full storage is cleaned up rather than refusing the
 * setting; another tab's change to the key reaches this one.
 */
export function storedAtom<T>(
  key: StoredKey,
  parse: (raw: string) => T,
  fallback: T,
  serialise: (value: T) => string = JSON.stringify,
) {
  const storage = {
    getItem: (name: string, initial: T) => readStored(browserStorage(), name, parse, initial),
    setItem: (_name: string, value: T) => void writeStored(key, serialise(value)),
    removeItem: (name: string) => browserStorage()?.removeItem(name),
    subscribe: (name: string, callback: (value: T) => void, initial: T) => {
      if (typeof window === 'undefined') return () => undefined;
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea === window.localStorage && event.key === name)
          callback(readStored(window.localStorage, name, parse, initial));
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    },
  };
  return atomWithStorage<T>(key.name, fallback, storage, { getOnInit: true });
}

const parseFormat = (raw: string): OddsDisplayFormat => (raw === 'decimal' || raw === 'fractional' ? raw : 'american');
/** Default American (spec 001 §9). */
export const oddsFormatAtom = storedAtom<OddsDisplayFormat>(
  storedKey(ODDS_FORMAT_KEY, 'preference'),
  parseFormat,
  'american',
  (v) => v,
);
/** The de-vig method of the EV and De-Vig columns, the dashboard's +EV and the edge calculator. */
export const devigChoiceAtom = storedAtom<DevigChoice>(
  storedKey(DEVIG_KEY, 'preference'),
  parseDevigChoice,
  DEFAULT_DEVIG_CHOICE,
);
