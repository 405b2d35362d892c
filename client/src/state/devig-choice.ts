import {
  DEFAULT_BLEND,
  DEFAULT_DEVIG_METHOD,
  isBlendableMethod,
  isDevigMethod,
  type BlendableMethod,
  type DevigMethod,
} from '@oddspulse/shared';

/**
 * The de-vig method a user chose (DECISIONS 10): one choice for the odds page's EV and De-Vig columns, the
 * dashboard's +EV call and the edge calculator. A blend averages the methods in `blend`.
 */
export interface DevigChoice {
  method: DevigMethod;
  blend: BlendableMethod[];
}

export const DEFAULT_DEVIG_CHOICE: DevigChoice = { method: DEFAULT_DEVIG_METHOD, blend: [...DEFAULT_BLEND] };

/** A stored choice, checked: an unknown method falls back to the default, unknown blend members are dropped. */
export function parseDevigChoice(raw: string): DevigChoice {
  const value = JSON.parse(raw) as Partial<DevigChoice>;
  const method = isDevigMethod(value.method) ? value.method : DEFAULT_DEVIG_METHOD;
  const blend = Array.isArray(value.blend) ? [...new Set(value.blend.filter(isBlendableMethod))] : [];
  return { method, blend: blend.length ? blend : [...DEFAULT_BLEND] };
}

/** A blend member switched on or off; the last one stays (a blend of nothing is no method). */
export function toggleBlendMember(choice: DevigChoice, member: BlendableMethod, on: boolean): DevigChoice {
  const blend = on ? [...new Set([...choice.blend, member])] : choice.blend.filter((m) => m !== member);
  return blend.length ? { ...choice, blend } : choice;
}

/** The EV call's query for a choice: `method`, and `blend` only for a blend. */
export function devigQuery(choice: DevigChoice): { method?: DevigMethod; blend?: string } {
  if (choice.method === DEFAULT_DEVIG_METHOD) return {};
  return choice.method === 'blend' ? { method: 'blend', blend: choice.blend.join(',') } : { method: choice.method };
}
