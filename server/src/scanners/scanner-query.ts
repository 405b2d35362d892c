import { isDevigMethod, validateBankroll, type DevigMethod } from '@oddspulse/shared';
import { AccountErrors } from '../accounts/http-errors';

/** A number query parameter within the scanner panels' bounds (spec 001 §5), or its default when absent. */
export function numberInRange(raw: unknown, name: string, min: number, max: number, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = typeof raw === 'string' ? Number(raw) : Number.NaN;
  if (!Number.isFinite(value) || value < min || value > max) {
    throw AccountErrors.validation(`${name} must be a number between ${min} and ${max}`, 'INVALID_SCANNER_PARAMETER');
  }
  return value;
}

/** Bankroll in whole dollars with the spec's messages (spec 001 §5 bankroll, 000 §9 maximum); at least $1. */
export function bankrollDollars(raw: unknown, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const checked = validateBankroll(raw);
  if (!checked.ok) throw AccountErrors.validation(checked.message, 'INVALID_BANKROLL');
  if (checked.value < 100) throw AccountErrors.validation('Bankroll must be at least $1', 'INVALID_BANKROLL');
  return checked.value / 100;
}

export function devigMethod(raw: unknown): DevigMethod | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!isDevigMethod(raw)) throw AccountErrors.validation(`Unknown de-vig method: ${String(raw)}`, 'INVALID_SCANNER_PARAMETER');
  return raw;
}
