import { americanToDecimal, formatAmerican, formatFractional, isValidAmerican } from '@oddspulse/shared';

/** The odds formats a user may read prices in (spec 001 §9). */
export type OddsDisplayFormat = 'american' | 'decimal' | 'fractional';

export function formatOdds(decimal: number, format: OddsDisplayFormat): string {
  if (!(decimal > 1)) return '—';
  if (format === 'decimal') return decimal.toFixed(2);
  if (format === 'fractional') return formatFractional(decimal);
  return formatAmerican(decimal);
}

/** American odds as stored (a pick, a price history, a scoreboard line) in the chosen format; as written when not valid. */
export function formatAmericanOdds(american: number, format: OddsDisplayFormat): string {
  if (!isValidAmerican(american)) return String(american);
  if (format === 'american') return american > 0 ? `+${american}` : String(american);
  return formatOdds(americanToDecimal(american), format);
}
