import {
  americanToDecimal,
  arbitrageCalculator,
  backLay,
  backLayGuaranteedCents,
  dollarsToCents,
  effectiveDecimal,
  isValidAmerican,
  profitPctOfStakes,
  type ArbitrageStakes,
  type BackLay,
  type StakeRounding,
} from '@oddspulse/shared';

/**
 * The arbitrage calculator's form, as typed: each leg's American odds (as seen at the book now), a total to
 * split for equal payout or one leg's stake to keep, and whole-dollar rounding. The maths is the engine's
 * (arbitrageCalculator); this reads the form and says what is wrong with it.
 */
export interface CalculatorForm {
  /** American odds per leg, as typed. */
  odds: string[];
  mode: 'total' | 'fixed';
  /** Dollars, as typed. */
  total: string;
  fixedLeg: number;
  /** Dollars, as typed. */
  fixedStake: string;
  roundDollars: boolean;
}

export type CalculatorResult =
  | {
      ok: true;
      /** Each leg's price as typed, decimal (the scanner's unrounded one while untouched): what the slip takes. */
      quoted: number[];
      /** Each leg's effective price: what it pays, net of an exchange's commission (commission.ts). */
      decimals: number[];
      stakes: ArbitrageStakes;
      /** PERCENT of the total staked: the guaranteed profit of the rounded stakes. */
      profitPct: number;
    }
  | { ok: false; message: string };

/**
 * A stake typed in dollars as cents, by the one rule of typed money (dollarsToCents, DECISIONS 25: "10.075" is $10.08);
 * null unless it stakes at least a cent once rounded.
 */
const typedCents = (text: string): number | null => {
  const cents = dollarsToCents(text);
  return cents !== null && cents > 0 ? cents : null;
};

/** A leg's decimal odds: the typed American price, or the scanner's unrounded price while it is untouched. */
export function legDecimal(typed: string, scannerAmerican: number, scannerDecimal: number): number | null {
  const american = Number(typed.trim());
  if (typed.trim() === '' || !Number.isFinite(american) || !isValidAmerican(american)) return null;
  return american === scannerAmerican ? scannerDecimal : americanToDecimal(american);
}

export function calculate(
  form: CalculatorForm,
  legs: ReadonlyArray<{ price: number; decimal: number; commission?: number }>,
): CalculatorResult {
  const quoted: number[] = [];
  const decimals: number[] = [];
  for (let i = 0; i < legs.length; i++) {
    const d = legDecimal(form.odds[i] ?? '', legs[i].price, legs[i].decimal);
    if (d === null) return { ok: false, message: `Leg ${i + 1}: enter American odds (e.g. -110 or +150)` };
    quoted.push(d);
    // an exchange's leg is sized on what it pays, net of its commission, as the scanner sized it
    decimals.push(effectiveDecimal(d, legs[i].commission ?? 0));
  }
  const rounding: StakeRounding = form.roundDollars ? 'dollar' : 'cent';
  if (form.mode === 'total') {
    const totalCents = typedCents(form.total);
    if (totalCents === null) return { ok: false, message: 'Enter the total stake in dollars' };
    return result(quoted, decimals, arbitrageCalculator(decimals, { mode: 'total', totalCents }, rounding));
  }
  const stakeCents = typedCents(form.fixedStake);
  if (stakeCents === null) return { ok: false, message: `Enter the stake you can bet on leg ${form.fixedLeg + 1}` };
  return result(
    quoted,
    decimals,
    arbitrageCalculator(decimals, { mode: 'fixed', leg: form.fixedLeg, stakeCents }, rounding),
  );
}

function result(quoted: number[], decimals: number[], stakes: ArbitrageStakes): CalculatorResult {
  return {
    ok: true,
    quoted,
    decimals,
    stakes,
    profitPct: profitPctOfStakes(stakes.guaranteedProfitCents, stakes.totalCents),
  };
}

type BackLayLeg = { price: number; decimal: number; commission?: number };

export type BackLayResult =
  | {
      ok: true;
      /** Both prices as typed, decimal (the scanner's unrounded ones while untouched): the slip takes the back bet's. */
      quoted: number[];
      backStakeCents: number;
      /** The lay sized against the back stake, and each result net of commission (commission.ts backLay). */
      sized: BackLay;
      /**
       * The worse of the two net results, integer cents, and as a PERCENT of all it stakes, the back stake and the
       * liability (as the scanner gives a back/lay's profit %).
       */
      guaranteedCents: number;
      profitPct: number;
    }
  | { ok: false; message: string };

/**
 * The calculator of a back/lay (legs [back, lay]): the back stake as typed (`total`), the lay sized against it with the
 * matched bettor's rule at each leg's commission (commission.ts backLay, the rule the scanner sized it with), half-up to
 * the cent; what is held at the exchange and the net result either way.
 */
export function calculateBackLay(
  form: Pick<CalculatorForm, 'odds' | 'total'>,
  legs: readonly [back: BackLayLeg, lay: BackLayLeg],
): BackLayResult {
  const names = ['Back bet', 'Lay'];
  const quoted: number[] = [];
  for (let i = 0; i < 2; i++) {
    const d = legDecimal(form.odds[i] ?? '', legs[i].price, legs[i].decimal);
    if (d === null) return { ok: false, message: `${names[i]}: enter American odds (e.g. -110 or +150)` };
    quoted.push(d);
  }
  const backStakeCents = typedCents(form.total);
  if (backStakeCents === null) return { ok: false, message: 'Enter the back stake in dollars' };
  const sized = backLay(backStakeCents, quoted[0], quoted[1], legs[1].commission ?? 0, legs[0].commission ?? 0);
  const guaranteedCents = backLayGuaranteedCents(sized);
  const profitPct = profitPctOfStakes(guaranteedCents, backStakeCents + sized.liabilityCents);
  return { ok: true, quoted, backStakeCents, sized, guaranteedCents, profitPct };
}
