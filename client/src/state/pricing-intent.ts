import { storedKey, writeStored } from './stored-value';

/** A plan choice made while signed out, kept for 30 minutes across the sign-in (spec 000 §3–§4). */
export interface PricingIntent {
  intent: string;
  returnTo: string;
  ts: number;
  /** The plan button that was clicked, when one was: checkout auto-starts for it (else for Platinum, the upgrade). */
  plan?: 'gold' | 'platinum';
}

export const PRICING_INTENT_KEY = 'pricingIntent';
export const PRICING_INTENT_TTL_MS = 1_800_000;
/** A session value (spec 000 §9): its own 30 minutes end it first. */
const PRICING_INTENT = storedKey(PRICING_INTENT_KEY, 'session');

/** What reading and clearing the intent need of the storage. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'removeItem'>;

/** Saves the intent; saved again without a plan (the login page does, from its query), it keeps the plan chosen before. */
export function savePricingIntent(
  store: Storage,
  intent: string,
  returnTo: string,
  now: number,
  plan?: PricingIntent['plan'],
): void {
  const kept =
    plan ?? (readPricingIntent(store, now)?.intent === intent ? readPricingIntent(store, now)?.plan : undefined);
  writeStored(
    PRICING_INTENT,
    JSON.stringify({ intent, returnTo, ts: now, ...(kept ? { plan: kept } : {}) } satisfies PricingIntent),
    store,
    now,
  );
}

/** The stored intent if it is younger than 30 minutes; an expired or unreadable one is removed. */
export function readPricingIntent(store: KeyValueStore, now: number): PricingIntent | null {
  const raw = store.getItem(PRICING_INTENT_KEY);
  if (!raw) return null;
  let parsed: Partial<PricingIntent>;
  try {
    parsed = JSON.parse(raw) as Partial<PricingIntent>;
  } catch {
    store.removeItem(PRICING_INTENT_KEY);
    return null;
  }
  if (
    typeof parsed.intent !== 'string' ||
    typeof parsed.returnTo !== 'string' ||
    typeof parsed.ts !== 'number' ||
    now - parsed.ts > PRICING_INTENT_TTL_MS
  ) {
    store.removeItem(PRICING_INTENT_KEY);
    return null;
  }
  const plan = parsed.plan === 'gold' || parsed.plan === 'platinum' ? parsed.plan : undefined;
  return { intent: parsed.intent, returnTo: parsed.returnTo, ts: parsed.ts, ...(plan ? { plan } : {}) };
}

export function clearPricingIntent(store: KeyValueStore): void {
  store.removeItem(PRICING_INTENT_KEY);
}

/** Only same-origin paths are followed after sign-in, never another site. */
export function safeReturnPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

/**
 * Where /auth/callback goes once a session exists (spec 000 §2, steps 3–6): intent and returnTo from
 * the query, else from the stored pricing intent; upgrade → pricing with autostart (and the plan clicked, if
 * one was), start-free → /app,
 * otherwise returnTo (default /app).
 */
export function callbackDestination(query: URLSearchParams, stored: PricingIntent | null): string {
  const intent = query.get('intent') ?? stored?.intent ?? null;
  const returnTo = query.get('returnTo') ?? stored?.returnTo ?? null;
  if (intent === 'upgrade') return `/pricing?intent=upgrade&autostart=1${stored?.plan ? `&plan=${stored.plan}` : ''}`;
  if (intent === 'start-free') return '/app';
  return safeReturnPath(returnTo, '/app');
}
