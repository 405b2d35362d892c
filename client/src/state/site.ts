import { atom, useAtomValue } from 'jotai';
import { DEFAULT_FREE_MONTHLY_QUOTA, type SiteConfig } from '@oddspulse/shared';
import { fetchSiteConfig } from './site-api';

let request: Promise<SiteConfig | null> | null = null;

/**
 * GET /api/site once per page load: this deployment's public settings (social links, the free quota, the simulated
 * feeds); null after a failure (the API client has reported it). Asked for as the app starts (preloadSiteConfig), beside
 * the plan: the odds page shows its rows once both are known, so the simulated feeds' notice above them is already
 * there and does not push them down under a finger.
 */
export function preloadSiteConfig(): Promise<SiteConfig | null> {
  request ??= fetchSiteConfig().catch(() => null);
  return request;
}

/**
 * The settings as the shell renders them: undefined until GET /api/site has answered or failed. It never suspends: the
 * footer renders at once and adds the links when they arrive (a plain atom rather than jotai's `loadable`, which the
 * landing page does not carry).
 */
const siteConfigAtom = atom<SiteConfig | null | undefined>(undefined);
siteConfigAtom.onMount = (set) => {
  void preloadSiteConfig().then(set);
};

/**
 * The social links from GET /api/site. Empty while loading and when none are configured; also empty when the
 * call failed, since there is then no link known to show.
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

/** Whether GET /api/site has answered (or failed): what the shell shows from it no longer changes. */
export function useSiteConfigSettled(): boolean {
  return useAtomValue(siteConfigAtom) !== undefined;
}
