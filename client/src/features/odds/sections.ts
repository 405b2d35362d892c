import { PLAN_GATES, type GatedFeature, type PlanGate } from '@oddspulse/shared';

/**
 * Odds page sections (spec 000 §2, 001 §2); arbitrage and middles are Platinum only, and steam with them (DECISIONS 34).
 * `platinum` restates the shared plan-gate table for the types below; a unit test holds the two together.
 */
export const SECTIONS = [
  { mode: 'game', label: 'Straight Bets', feature: 'odds', platinum: false },
  { mode: 'props', label: 'Player Props', feature: 'props', platinum: false },
  { mode: 'arbitrage', label: 'Arbitrage', feature: 'arbitrage', platinum: true },
  { mode: 'middles', label: 'Middles', feature: 'middles', platinum: true },
  { mode: 'steam', label: 'Steam', feature: 'steam', platinum: true },
] as const satisfies ReadonlyArray<{ mode: string; label: string; feature: GatedFeature; platinum: boolean }>;

/** The plan the section an odds address names needs (the plan-gate table; straight bets for no or an unknown mode). */
export function sectionGate(params: URLSearchParams): PlanGate {
  const section = SECTIONS.find((s) => s.mode === params.get('mode')) ?? SECTIONS[0];
  return PLAN_GATES[section.feature];
}

export type Section = (typeof SECTIONS)[number]['mode'];
/** The Platinum sections: the scanners and the Steam list. */
export type PlatinumSection = Extract<(typeof SECTIONS)[number], { platinum: true }>['mode'];

export function isPlatinumSection(mode: string | null): mode is PlatinumSection {
  return SECTIONS.some((s) => s.platinum && s.mode === mode);
}

/** The odds page opens its filter drawer on this window event (the mobile bottom bar's Filters button). */
export const OPEN_FILTERS_EVENT = 'oddspulse:open-filters';
