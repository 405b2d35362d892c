/** Odds page sections (spec 000 §2, 001 §2); arbitrage and middles are Platinum only, and steam with them (DECISIONS 34). */
export const SECTIONS = [
  { mode: 'game', label: 'Straight Bets', platinum: false },
  { mode: 'props', label: 'Player Props', platinum: false },
  { mode: 'arbitrage', label: 'Arbitrage', platinum: true },
  { mode: 'middles', label: 'Middles', platinum: true },
  { mode: 'steam', label: 'Steam', platinum: true },
] as const;

export type Section = (typeof SECTIONS)[number]['mode'];
/** The Platinum sections: the scanners and the Steam list. */
export type PlatinumSection = Extract<(typeof SECTIONS)[number], { platinum: true }>['mode'];

export function isPlatinumSection(mode: string | null): mode is PlatinumSection {
  return SECTIONS.some((s) => s.platinum && s.mode === mode);
}

/** The odds page opens its filter drawer on this window event (the mobile bottom bar's Filters button). */
export const OPEN_FILTERS_EVENT = 'oddspulse:open-filters';
