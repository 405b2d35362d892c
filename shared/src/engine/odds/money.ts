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

/** Dollars (a form input, a bankroll) as whole cents, half-up. */
export function dollarsToCents(dollars: number): number {
  return roundHalfUpCents(dollars * 100);
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
