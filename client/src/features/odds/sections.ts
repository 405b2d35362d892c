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

/**
 * The address of section `next` from the current one (spec 001 §2: changing section rewrites the URL and resets the
 * list). An alert link's target (`sport`, `market`, `books`, `opportunity`: shared alertLinkPath) names an opportunity of
 * the section it opened, so it is left behind: kept, another section looked its id up in its own list and said the
 * opportunity was gone. The search (`q`) stays, as the chip the page shows for every section.
 */
export function sectionParams(params: URLSearchParams, next: Section): URLSearchParams {
  const p = new URLSearchParams(params);
  for (const name of ALERT_TARGET_PARAMS) p.delete(name);
  if (next === 'game') p.delete('mode');
  else p.set('mode', next);
  return p;
}

const ALERT_TARGET_PARAMS = ['sport', 'market', 'books', 'opportunity'] as const;

/** The odds page opens its filter drawer on this window event (the mobile bottom bar's Filters button). */
export const OPEN_FILTERS_EVENT = 'oddspulse:open-filters';
