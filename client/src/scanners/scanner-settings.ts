/**
 * The scanners' inputs (spec 001 §5 arbitrage and middle detection, §9 defaults). The spec gives each input
 * two homes with their own ranges: the scanner panel (minimum profit 0.1–10, max stake 100 up to the
 * bankroll) and the filter panel (minimum profit 0.1–50, max stake 10–10,000 in steps of 10); the middles
 * inputs have one set of ranges. Both edit the same settings: the scanner panel at once, the filter panel on
 * Apply. A value outside its range, or off its step, is refused with a message and never applied.
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
export const SCANNER_DEFAULTS: ScannerSettings = { minProfit: 0.5, maxStake: 100, minGap: 3, minProbability: 15, middleStake: 1000 };
/** The filter panel's defaults (spec 001 §9): min profit 2, max stake 100; the middles defaults are the scanner's. */
export const FILTER_PANEL_DEFAULTS: ScannerSettings = { ...SCANNER_DEFAULTS, minProfit: 2, maxStake: 100 };

const MIDDLE_RANGES = {
  minGap: { min: 0.5, max: 20, step: 0.5 },
  minProbability: { min: 5, max: 50, step: 1 },
  middleStake: { min: 10, max: 10_000, step: 10 },
};

/** The scanner panel's ranges; its max stake runs from 100 up to the bankroll (DOLLARS). */
export function scannerPanelRanges(bankrollDollars: number): Record<ScannerField, NumberRange> {
  return { minProfit: { min: 0.1, max: 10, step: 0.1 }, maxStake: { min: 100, max: Math.max(100, Math.floor(bankrollDollars)), step: 10 }, ...MIDDLE_RANGES };
}

export const FILTER_PANEL_RANGES: Record<ScannerField, NumberRange> = {
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

const UNITS: Record<ScannerField, NumberUnit> = { minProfit: 'percent', maxStake: 'money', minGap: 'plain', minProbability: 'percent', middleStake: 'money' };

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
  if (Math.abs(steps - Math.round(steps)) > 1e-6) return { ok: false, message: `${name} must be in steps of ${show(unit, range.step)}` };
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

/** Every field's message for a draft of typed values (empty: all valid). */
export function draftErrors(
  draft: Readonly<Record<ScannerField, string>>,
  fields: readonly ScannerField[],
  ranges: Record<ScannerField, NumberRange>,
): Partial<Record<ScannerField, string>> {
  const errors: Partial<Record<ScannerField, string>> = {};
  for (const field of fields) {
    const check = checkScannerInput(field, draft[field], ranges[field]);
    if (!check.ok) errors[field] = check.message;
  }
  return errors;
}

export const ARBITRAGE_FIELDS: readonly ScannerField[] = ['minProfit', 'maxStake'];
export const MIDDLE_FIELDS: readonly ScannerField[] = ['minGap', 'minProbability', 'middleStake'];

export function settingsAsDraft(settings: ScannerSettings): Record<ScannerField, string> {
  return {
    minProfit: String(settings.minProfit),
    maxStake: String(settings.maxStake),
    minGap: String(settings.minGap),
    minProbability: String(settings.minProbability),
    middleStake: String(settings.middleStake),
  };
}

/** Stored settings: each field kept when it is a finite number, else its default (a corrupt value never breaks the page). */
export function parseStoredSettings(raw: string): ScannerSettings {
  const value = JSON.parse(raw) as Partial<Record<ScannerField, unknown>>;
  const pick = (field: ScannerField) =>
    typeof value[field] === 'number' && Number.isFinite(value[field]) ? (value[field] as number) : SCANNER_DEFAULTS[field];
  return {
    minProfit: pick('minProfit'),
    maxStake: pick('maxStake'),
    minGap: pick('minGap'),
    minProbability: pick('minProbability'),
    middleStake: pick('middleStake'),
  };
}
