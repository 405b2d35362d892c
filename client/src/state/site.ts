import { atom, useAtomValue } from 'jotai';
import { DEFAULT_FREE_MONTHLY_QUOTA, type SiteConfig } from '@oddspulse/shared';
import { fetchSiteConfig } from './site-api';

let requested = false;

/**
 * GET /api/site once per page load (asked when first shown): this deployment's public settings (social links, the
 * free quota, the simulated feeds). Null until it answers, and after a failure. It never suspends: the footer renders at once and adds
 * the links when they arrive (a plain atom rather than jotai's `loadable`, which the landing page does not carry).
 */
const siteConfigAtom = atom<SiteConfig | null>(null);
siteConfigAtom.onMount = (set) => {
  if (requested) return;
  requested = true;
  fetchSiteConfig().then(set, () => undefined);
};

/**
 * The social links from GET /api/site. Empty while loading and when none are configured; also empty when the
 * call failed, since there is then no link known to show (the API client has reported the failure itself).
 */
export function useSocialLinks(): SiteConfig['social_links'] {
  return useAtomValue(siteConfigAtom)?.social_links ?? [];
}

/**
 * The free plan's monthly odds-call quota as this server is configured (DECISIONS 2: the real number). Until
 * the settings arrive it is the product default, which is also the server's when FREE_MONTHLY_QUOTA is unset.
 */
export function useFreeMonthlyQuota(): number {
  return useAtomValue(siteConfigAtom)?.free_monthly_quota ?? DEFAULT_FREE_MONTHLY_QUOTA;
}

/** Which feeds are the simulator's (GET /api/site); null until the settings arrive, and after a failure. */
export function useSimulatedFeeds(): SiteConfig['simulated'] | null {
  return useAtomValue(siteConfigAtom)?.simulated ?? null;
}
