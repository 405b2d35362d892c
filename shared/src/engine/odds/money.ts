/**
 * Money as the books pay it (DECISIONS 25): integer cents, rounded half-up to the cent once, at the last step.
 * $100 at −110 pays $190.91 (19,090.909… cents → 19,091), not $190.90.
 */

/**
 * An exact amount of cents (a product of a stake and decimal odds) rounded half-up to a whole cent.
 * The relative epsilon keeps a tie that floating point lands a hair below .5 a tie (700 cents × 1.005 is
 * 703.4999999999999, which is 703.5 cents and pays 704); real prices never land that close to .5 without being on
 * it (American odds give multiples of 1/|odds| cent, decimal odds multiples of 0.001 cent).
 */
export function roundHalfUpCents(exactCents: number): number {
  if (!Number.isFinite(exactCents)) throw new RangeError(`Not an amount of cents: ${exactCents}`);
  const sign = exactCents < 0 ? -1 : 1;
  const magnitude = Math.abs(exactCents);
  return sign * Math.floor(magnitude + 0.5 + magnitude * 1e-12 + 1e-9);
}

/**
 * Exact shares of a total of cents (stakes split in proportion) as whole cents adding up to at most `totalCents`, the
 * cap the shares were split from (spec 001 §5), by largest remainder: each share rounded down, then the cents left one
 * each to the shares with the largest remainders, the earlier share first on a tie. Half-up on each share alone stakes
 * more than the cap when two shares end in half a cent ($100 split 53.125 / 46.875 would be 53.13 + 46.88 = $100.01);
 * this rounds the same shares up save the tie's second (DECISIONS 25), so the stakes add up to the cap.
 */
export function apportionCents(exactCents: readonly number[], totalCents: number): number[] {
  // plain loops: detection sizes every arbitrage and middle it reports with this
  const n = exactCents.length;
  const cents: number[] = [];
  let left = totalCents;
  for (let i = 0; i < n; i++) {
    cents.push(Math.floor(exactCents[i]));
    left -= cents[i];
  }
  for (; left > 0; left--) {
    // a share topped up has a negative remainder: each takes one cent at most
    let best = -1;
    for (let i = 0; i < n; i++) {
      const remainder = exactCents[i] - cents[i];
      if (remainder >= 0 && (best < 0 || remainder > exactCents[best] - cents[best])) best = i;
    }
    if (best < 0) break;
    cents[best]++;
  }
  return cents;
}

/** Cents a stake returns at these DECIMAL odds (stake included), half-up to the cent: what a book pays. */
export function payoutCents(stakeCents: number, decimal: number): number {
  return roundHalfUpCents(stakeCents * decimal);
}

/** Cents won on top of the stake (payout − stake): the "to win" of a bet slip (DECISIONS 30). */
export function profitCents(stakeCents: number, decimal: number): number {
  return payoutCents(stakeCents, decimal) - stakeCents;
}

/**
 * Money typed or written in dollars ("10.005", "25", ".5", "$1,234.56", "-3", or a number) as integer cents, rounded
 * half-up once from the decimal as written (DECISIONS 25): a third decimal of 5 or more adds a cent, whatever follows
 * it; a negative amount rounds half away from zero. The one reader of every amount a user types or a file records (a
 * stake, a bankroll, a payout): "10.075" is $10.08, though 10.075 × 100 is 1007.4999… in floating point and
 * Math.round(10.075 * 100) gives 1007. Null when it is not an amount (or too large to count in whole cents exactly).
 */
export function dollarsToCents(dollars: string | number): number | null {
  return decimalHalfUp(dollars, 2);
}

/**
 * Dollars as written rounded half-up once to whole dollars (10.499 → $10, 10.5 → $11), as cents. Rounded from the
 * dollars themselves, never from cents already rounded: 10.499 is 1,050 cents, which would make $11.
 */
export function wholeDollarsToCents(dollars: string | number): number | null {
  const whole = decimalHalfUp(dollars, 0);
  return whole === null ? null : whole * 100;
}

const DOLLARS = /^(-)?\$?(\d{1,3}(?:,\d{3})+|\d+|(?=\.\d))(?:\.(\d*))?$/;

/** Dollars rounded half-up to `places` decimals, digit by digit from the decimal, as a whole count of 10^−places dollars. */
function decimalHalfUp(dollars: string | number, places: 0 | 2): number | null {
  const match = DOLLARS.exec(decimalText(dollars));
  if (!match) return null;
  const fraction = (match[3] ?? '').padEnd(places + 1, '0');
  const kept = Number(match[2].replace(/,/g, '') || '0') * 10 ** places + Number(fraction.slice(0, places));
  const units = kept + (Number(fraction[places]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(units)) return null;
  return match[1] && units > 0 ? -units : units;
}

/**
 * The decimal a number was written as: String gives the shortest decimal that reads back as the same number (1.005, not
 * the 1.00499999999999989… stored), and uses an exponent only under a millionth, where toFixed's digits do as well
 * (there is nothing to round up there).
 */
function decimalText(dollars: string | number): string {
  if (typeof dollars === 'string') return dollars.trim();
  if (!Number.isFinite(dollars)) return '';
  const text = String(dollars);
  return text.includes('e-') ? dollars.toFixed(20) : text;
}

/** The minus sign of money and figures on screen: U+2212, the width of the plus sign (never a hyphen). */
export const MINUS = '\u2212';

/**
 * Money as every screen writes it, one rule ("worst case $-7.63"): the sign before the dollar sign
 * (−$7.63), thousands separated, always two decimals; `signed` writes + before a gain. Zero is never signed.
 */
export function formatMoney(cents: number, options: { signed?: boolean } = {}): string {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount of cents: ${cents}`);
  const whole = roundHalfUpCents(cents);
  const units = Math.abs(whole);
  const text = `$${wholeNumber(Math.floor(units / 100))}.${String(units % 100).padStart(2, '0')}`;
  if (whole < 0) return `${MINUS}${text}`;
  return options.signed && whole > 0 ? `+${text}` : text;
}

/** Money from dollars (the amounts opportunities carry), by the same rule. */
export function formatDollars(dollars: number, options: { signed?: boolean } = {}): string {
  return formatMoney(roundHalfUpCents(dollars * 100), options);
}

/** "1 bet", "2 bets", "1,234 bets": a count with its noun in the right number ("1 bets"). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${wholeNumber(n)} ${n === 1 ? one : many}`;
}

/**
 * A number as `toLocaleString('en-US')` writes it ("1,234"), whole numbers without Intl: a page's first Intl.NumberFormat
 * loads the browser's number data, 50 ms of main thread on a first visit here, and the odds table's row count stood
 * ahead of the first odds row.
 */
export function wholeNumber(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}
