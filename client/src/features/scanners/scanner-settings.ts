/**
 * The scanners' inputs (spec 001 §5 arbitrage and middle detection, §9 defaults). The spec gave each input two
 * homes (the scanner panel and the filter panel) with their own ranges and defaults; shown twice, they confused
 * users, so they live once, in the scanner panel, applied at once, with the ranges the scanner calls accept
 * (minimum profit 0.1–50, max stake 10–10,000 in steps of 10). A value outside its range, or off its step, is
 * refused with a message and never applied.
 */
/** The two scanners of the scanner panel (Platinum). */
export type ScannerKind = 'arbitrage' | 'middles';

export interface NumberRange {
  min: number;
  max: number;
  step: number;
}

export interface ScannerSettings {
  /** PERCENT. */
  minProfit: number;
  /** DOLLARS. */
  maxStake: number;
  /** Points. */
  minGap: number;
  /** PERCENT. */
  minProbability: number;
  /** DOLLARS. */
  middleStake: number;
}

export type ScannerField = keyof ScannerSettings;

/** Scanner defaults (spec 001 §9): min profit 0.5, max stake 100; middles gap 3, probability 15, stake 1000. */
export const SCANNER_DEFAULTS: ScannerSettings = {
  minProfit: 0.5,
  maxStake: 100,
  minGap: 3,
  minProbability: 15,
  middleStake: 1000,
};

const MIDDLE_RANGES = {
  minGap: { min: 0.5, max: 20, step: 0.5 },
  minProbability: { min: 5, max: 50, step: 1 },
  middleStake: { min: 10, max: 10_000, step: 10 },
};

/** The inputs' ranges, the same as the scanner calls' (README: `/arbitrage`, `/middles`). */
export const SCANNER_RANGES: Record<ScannerField, NumberRange> = {
  minProfit: { min: 0.1, max: 50, step: 0.1 },
  maxStake: { min: 10, max: 10_000, step: 10 },
  ...MIDDLE_RANGES,
};

export const FIELD_LABELS: Record<ScannerField, string> = {
  minProfit: 'Minimum profit %',
  maxStake: 'Max stake $',
  minGap: 'Minimum gap',
  minProbability: 'Minimum probability %',
  middleStake: 'Max stake $',
};

const NAMES: Record<ScannerField, string> = {
  minProfit: 'Minimum profit',
  maxStake: 'Max stake',
  minGap: 'Minimum gap',
  minProbability: 'Minimum probability',
  middleStake: 'Max stake',
};

export type NumberUnit = 'money' | 'percent' | 'plain';

const UNITS: Record<ScannerField, NumberUnit> = {
  minProfit: 'percent',
  maxStake: 'money',
  minGap: 'plain',
  minProbability: 'percent',
  middleStake: 'money',
};

function show(unit: NumberUnit, value: number): string {
  const n = value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  if (unit === 'money') return `$${n}`;
  if (unit === 'percent') return `${n}%`;
  return n;
}

export type NumberCheck = { ok: true; value: number } | { ok: false; message: string };

/** Checks what was typed into a ranged input: a number, within the range, on the step (counted from the minimum). */
export function checkNumber(raw: string, range: NumberRange, name: string, unit: NumberUnit): NumberCheck {
  const text = raw.trim();
  const value = Number(text);
  if (!text || !Number.isFinite(value)) return { ok: false, message: `${name} must be a number` };
  if (value < range.min - 1e-9 || value > range.max + 1e-9)
    return { ok: false, message: `${name} must be between ${show(unit, range.min)} and ${show(unit, range.max)}` };
  const steps = (value - range.min) / range.step;
  if (Math.abs(steps - Math.round(steps)) > 1e-6)
    return { ok: false, message: `${name} must be in steps of ${show(unit, range.step)}` };
  return { ok: true, value };
}

/** Checks what was typed into one scanner input against its range and step. */
export function checkScannerInput(field: ScannerField, raw: string, range: NumberRange): NumberCheck {
  return checkNumber(raw, range, NAMES[field], UNITS[field]);
}

export function fieldUnit(field: ScannerField): NumberUnit {
  return UNITS[field];
}

export function fieldName(field: ScannerField): string {
  return NAMES[field];
}

export const ARBITRAGE_FIELDS: readonly ScannerField[] = ['minProfit', 'maxStake'];
export const MIDDLE_FIELDS: readonly ScannerField[] = ['minGap', 'minProbability', 'middleStake'];

/** Stored settings: each field kept when it is a finite number, else its default (a corrupt value never breaks the page). */
export function parseStoredSettings(raw: string): ScannerSettings {
  const value = JSON.parse(raw) as Partial<Record<ScannerField, unknown>>;
  const pick = (field: ScannerField) =>
    typeof value[field] === 'number' && Number.isFinite(value[field]) ? value[field] : SCANNER_DEFAULTS[field];
  return {
    minProfit: pick('minProfit'),
    maxStake: pick('maxStake'),
    minGap: pick('minGap'),
    minProbability: pick('minProbability'),
    middleStake: pick('middleStake'),
  };
}
