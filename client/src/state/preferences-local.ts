import { atom } from 'jotai';
import { browserStorage, storedKey, writeStored } from './stored-value';

/** Accessibility settings (spec 000 §3), kept in this browser. */
export type FontSize = 'normal' | 'large' | 'extra-large';
export interface AccessibilitySettings {
  highContrast: boolean;
  reducedMotion: boolean;
  fontSize: FontSize;
  keyboardNavigation: boolean;
}

export const ACCESSIBILITY_KEY = 'accessibilitySettings';
const ACCESSIBILITY_STORED = storedKey(ACCESSIBILITY_KEY, 'preference');
export const DEFAULT_ACCESSIBILITY: AccessibilitySettings = {
  highContrast: false,
  reducedMotion: false,
  fontSize: 'normal',
  keyboardNavigation: false,
};

export function parseAccessibility(raw: string | null): AccessibilitySettings {
  if (!raw) return DEFAULT_ACCESSIBILITY;
  try {
    const value = JSON.parse(raw) as Partial<AccessibilitySettings>;
    return {
      highContrast: value.highContrast === true,
      reducedMotion: value.reducedMotion === true,
      fontSize: value.fontSize === 'large' || value.fontSize === 'extra-large' ? value.fontSize : 'normal',
      keyboardNavigation: value.keyboardNavigation === true,
    };
  } catch (error) {
    console.warn('Ignoring unreadable accessibility settings', error);
    return DEFAULT_ACCESSIBILITY;
  }
}

/** The classes the settings put on <html>; styles.css does the rest. */
export function accessibilityClasses(settings: AccessibilitySettings): string[] {
  const classes: string[] = [`font-${settings.fontSize}`];
  if (settings.highContrast) classes.push('high-contrast');
  if (settings.reducedMotion) classes.push('reduced-motion');
  if (settings.keyboardNavigation) classes.push('keyboard-navigation');
  return classes;
}

const accessibilityBaseAtom = atom<AccessibilitySettings>(
  parseAccessibility(browserStorage()?.getItem(ACCESSIBILITY_KEY) ?? null),
);

export const accessibilityAtom = atom(
  (get) => get(accessibilityBaseAtom),
  (_get, set, next: AccessibilitySettings) => {
    set(accessibilityBaseAtom, next);
    writeStored(ACCESSIBILITY_STORED, JSON.stringify(next));
  },
);

/** Ctrl+Shift+D toggles this (spec 000 §2); it shows the shell's live state in a corner panel. */
export const DEBUG_KEY = 'oddspulse.debug';
const DEBUG_STORED = storedKey(DEBUG_KEY, 'preference');
const debugBaseAtom = atom(browserStorage()?.getItem(DEBUG_KEY) === '1');
export const debugAtom = atom(
  (get) => get(debugBaseAtom),
  (_get, set, on: boolean) => {
    set(debugBaseAtom, on);
    if (on) writeStored(DEBUG_STORED, '1');
    else window.localStorage.removeItem(DEBUG_KEY);
  },
);
