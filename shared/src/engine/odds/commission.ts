import { canonicalBookKey, sportsbookName, SPORTSBOOKS } from '../../domain/books/sportsbooks';
import { roundHalfUpCents } from './money';
import { parlayDecimal } from './odds-format';

/**
 * Exchange commission. An exchange takes a share of the net winnings of a winning bet; a book takes nothing
 * (its cut is in its price). So a back bet at an exchange pays as if its price were lower:
 *
 *   effective decimal = 1 + (decimal − 1) × (1 − commission)
 *
 * Stakes, payouts, profit and EV are worked out on the effective price wherever the engine prices a back bet
 * at an exchange; the de-vig fair line keeps the quoted prices (commission is the bettor's cost, not the
 * market's). Rates are FRACTIONS (0.05 = 5 %) of net winnings.
 */

/** Canonical book key → commission on net winnings (FRACTION). Books absent from a table pay nothing. */
export type CommissionRates = Readonly<Record<string, number>>;

/**
 * Each exchange's published standard rate, the default until a user sets their own (Betfair's depends on the
 * market and the account, Matchbook's on where the account is held).
 */
export const DEFAULT_COMMISSIONS: CommissionRates = {
  // Betfair Exchange: "Market Base Rates for Sport and International Racing Markets are currently 5%"
  // (betfair.com.au/hub/help/commissions-charges, modified 2025-03-25; support.betfair.com answer 413,
  // read 2026-11-26). `betfair` is the key older recordings give the same exchange.
  betfair: 0.05,
  betfair_ex_uk: 0.05,
  betfair_ex_eu: 0.05,
  betfair_ex_au: 0.05,
  // Matchbook: commission on winning bets only since November 2019, from 2 % by the account's country
  // (tradematesports.com/blog/matchbook-commissions-explained, read 2026-11-26).
  matchbook: 0.02,
  // Smarkets: "a flat 2% commission from users' net winnings on each market" (smarkets.com/faq; worked in
  // help.smarkets.com "How is commission calculated?", read 2026-11-26).
  smarkets: 0.02,
  // Novig: "for the vast majority of users, we're not taking a cut at all" (novig.us/articles/
  // novig-announces-comprehensive-partnership-with-us-integrity, read 2026-11-26).
  novig: 0,
  // ProphetX, ReBet and BetOpenly (spec 000 §3 catalogue, tier 3 exchanges): no published commission rate was found
  // (read 2026-11-26), so none is assumed; a user who pays one sets it on My Sportsbooks.
  prophetx: 0,
  rebet: 0,
  betopenly: 0,
};

/**
 * The lowest rate a user may set (isCommissionRate: 0) at every exchange: detection also reads the prices at these,
 * so an arbitrage that pays only at a rate below the published one is found for the users who pay less
 * (prepared-board.ts), while the published figures stay those at DEFAULT_COMMISSIONS.
 */
export const LOWEST_COMMISSIONS: CommissionRates = Object.fromEntries(
  Object.keys(DEFAULT_COMMISSIONS).map((book) => [book, 0]),
);

/**
 * The books a user may set a rate for (My Sportsbooks): every exchange of the rates table above, then any other
 * exchange of the catalogue (spec 001 §3 isExchange).
 */
export const COMMISSION_BOOKS: readonly string[] = [
  ...Object.keys(DEFAULT_COMMISSIONS),
  ...SPORTSBOOKS.filter((b) => b.isExchange && !(b.key in DEFAULT_COMMISSIONS)).map((b) => b.key),
];

const EXCHANGE_NAMES = new Map<string, string>(
  Object.entries({
    betfair: 'Betfair Exchange',
    betfair_ex_uk: 'Betfair Exchange (UK)',
    betfair_ex_eu: 'Betfair Exchange (EU)',
    betfair_ex_au: 'Betfair Exchange (AU)',
    matchbook: 'Matchbook',
    smarkets: 'Smarkets',
  }),
);

/** What My Sportsbooks calls an exchange: its own name, or the catalogue's (spec 001 §3). */
export function exchangeName(key: string): string {
  return EXCHANGE_NAMES.get(key) ?? sportsbookName(key);
}

/** A commission rate a user or the CLI may set: a FRACTION in [0, 1). */
export function isCommissionRate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 1;
}

/** The defaults with `overrides` (any key spelling) laid over them. */
export function commissionRates(overrides?: Readonly<Record<string, number>> | null): CommissionRates {
  if (!overrides) return DEFAULT_COMMISSIONS;
  const rates: Record<string, number> = { ...DEFAULT_COMMISSIONS };
  for (const [book, rate] of Object.entries(overrides)) {
    if (!isCommissionRate(rate))
      throw new RangeError(`Commission must be a fraction from 0 to below 1: ${book}=${rate as number}`);
    rates[canonicalBookKey(book)] = rate;
  }
  return rates;
}

/** A book's commission (FRACTION): its rate in `rates`, 0 for a book that takes none. */
export function commissionOf(book: string, rates: CommissionRates = DEFAULT_COMMISSIONS): number {
  const key = canonicalBookKey(book);
  // the rates are an object (stored and sent as JSON): a feed's book named `constructor` must not find Object's
  return Object.hasOwn(rates, key) ? rates[key] : 0;
}

/** The effective decimal of a back bet at `decimal` paying `commission` (FRACTION) on its net winnings. */
export function effectiveDecimal(decimal: number, commission: number): number {
  return commission === 0 ? decimal : 1 + (decimal - 1) * (1 - commission);
}

/** Integer cents a winning back bet returns net of commission (stake included), half-up once (DECISIONS 25). */
export function netPayoutCents(stakeCents: number, decimal: number, commission: number): number {
  return roundHalfUpCents(stakeCents * effectiveDecimal(decimal, commission));
}

/**
 * What a parlay returns if every leg wins (stake included), net of commission, in integer cents half-up once: the
 * stake times the product of the legs' effective prices. A parlay across books is a chain of singles, each leg's
 * return staked on the next, so an exchange leg's commission is taken on that leg's winnings. $10 on a book's 1.90
 * and Betfair's 2.00 at 5 %: 10 × 1.90 × 1.95 = $37.05 (gross $38.00).
 */
export function parlayNetPayoutCents(
  stakeCents: number,
  legs: readonly { decimal: number; commission: number }[],
): number {
  return roundHalfUpCents(stakeCents * parlayNetDecimal(legs));
}

/** A parlay's price net of its exchange legs' commission: the product of the legs' effective prices (above). */
export function parlayNetDecimal(legs: readonly { decimal: number; commission: number }[]): number {
  return parlayDecimal(legs.map((leg) => effectiveDecimal(leg.decimal, leg.commission)));
}

/**
 * The one rule for showing an exchange's price: the quoted price, then the price it really pays net of the commission
 * (effectiveDecimal), each in the user's format: "-135 (-138 net)" at 2 %; a book's price (no commission) alone.
 * `show` formats a decimal price as the user reads it (American, decimal or fractional). A price is not money: the
 * net price is worked on the unrounded decimal and rounded once, by `show`, as every price is shown.
 */
export function priceWithNet(decimal: number, commission: number, show: (decimal: number) => string): string {
  const quoted = show(decimal);
  if (!(commission > 0)) return quoted;
  return `${quoted} (${show(effectiveDecimal(decimal, commission))} net)`;
}

/** "net of 2 % commission": what a lay leg at an exchange shows beside its price (null at a book). */
export function commissionLabel(commission: number): string | null {
  if (!(commission > 0)) return null;
  const percent = Math.round(commission * 10_000) / 100;
  return `net of ${percent} % commission`;
}

/** A back bet at a book covered by a lay of the same outcome at an exchange, in integer cents. */
export interface BackLay {
  /** The lay stake (the backer's stake the exchange matches), half-up to the cent. */
  layStakeCents: number;
  /** What must be held at the exchange: lay stake × (lay decimal − 1), half-up to the cent. */
  liabilityCents: number;
  /** Net result when the back bet wins (the lay loses its liability). */
  backWinsCents: number;
  /** Net result when the back bet loses (the lay wins its stake, less commission). */
  layWinsCents: number;
}

/**
 * Sizes the lay that makes both results equal: lay stake = back stake × back decimal / (lay decimal − commission),
 * the matched bettor's formula with the exchange's commission taken on the lay's winnings. `backCommission` is the
 * back bet's own (0 at a book). Results are those of the rounded lay stake.
 */
export function backLay(
  backStakeCents: number,
  backDecimal: number,
  layDecimal: number,
  layCommission: number,
  backCommission = 0,
): BackLay {
  if (!(backDecimal > 1) || !(layDecimal > 1))
    throw new RangeError(`Back and lay need decimal odds above 1: ${backDecimal}, ${layDecimal}`);
  if (!isCommissionRate(layCommission) || !isCommissionRate(backCommission))
    throw new RangeError('Commission must be a fraction from 0 to below 1');
  const back = effectiveDecimal(backDecimal, backCommission);
  const layStakeCents = roundHalfUpCents((backStakeCents * back) / (layDecimal - layCommission));
  const liabilityCents = roundHalfUpCents(layStakeCents * (layDecimal - 1));
  const backWinsCents = roundHalfUpCents(backStakeCents * (back - 1)) - liabilityCents;
  const layWinsCents = roundHalfUpCents(layStakeCents * (1 - layCommission)) - backStakeCents;
  return { layStakeCents, liabilityCents, backWinsCents, layWinsCents };
}

/** What a back/lay really guarantees: the worse of its two net results. */
export function backLayGuaranteedCents(sized: Pick<BackLay, 'backWinsCents' | 'layWinsCents'>): number {
  return Math.min(sized.backWinsCents, sized.layWinsCents);
}
