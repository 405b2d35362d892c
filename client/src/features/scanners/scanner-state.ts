import { CORE_SPORTS } from '@oddspulse/shared';
import { storedAtom } from '../../state/display-settings';
import { storedKey } from '../../state/stored-value';
import { parseStoredSettings, SCANNER_DEFAULTS, type ScannerSettings } from './scanner-settings';

/**
 * The scanners' choices kept in this browser: the sports they watch (every covered sport unless narrowed)
 * and their inputs. The book filter is the odds page's (spec 001 §5: the book filter is applied).
 */
export const SCANNER_SPORTS_KEY = 'oddspulse.scannerSports';
export const SCANNER_SETTINGS_KEY = 'oddspulse.scannerSettings';

export const ALL_SCANNER_SPORTS = CORE_SPORTS.map((s) => s.key);

/** Stored sports, unknown keys dropped; none left means every sport. */
export function parseScannerSports(raw: string): string[] {
  const stored = raw.split(',').filter((k) => ALL_SCANNER_SPORTS.includes(k));
  return stored.length ? stored : [...ALL_SCANNER_SPORTS];
}

export const scannerSportsAtom = storedAtom<string[]>(
  storedKey(SCANNER_SPORTS_KEY, 'preference'),
  parseScannerSports,
  [...ALL_SCANNER_SPORTS],
  (v) => v.join(','),
);
export const scannerSettingsAtom = storedAtom<ScannerSettings>(
  storedKey(SCANNER_SETTINGS_KEY, 'preference'),
  parseStoredSettings,
  SCANNER_DEFAULTS,
);
