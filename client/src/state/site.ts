import { atom, useAtomValue } from 'jotai';
import { loadable } from 'jotai/utils';
import { DEFAULT_FREE_MONTHLY_QUOTA, type SiteConfig } from '@oddspulse/shared';
import { fetchSiteConfig } from './site-api';

/** GET /api/site once per page load: this deployment's public settings (social links, the free quota). */
const siteConfigAtom = atom(() => fetchSiteConfig());

/** Never suspends: the footer renders at once and adds the links when they arrive. */
const siteConfigLoadableAtom = loadable(siteConfigAtom);

/**
 * The social links from GET /api/site. Empty while loading and when none are configured; also empty when the
 * call failed, since there is then no link known to show (the API client has reported the failure itself).
 */
export function useSocialLinks(): SiteConfig['social_links'] {
  const site = useAtomValue(siteConfigLoadableAtom);
  return site.state === 'hasData' ? site.data.social_links : [];
}

/**
 * The free plan's monthly odds-call quota as this server is configured (DECISIONS 2: the real number). Until
 * the settings arrive it is the product default, which is also the server's when FREE_MONTHLY_QUOTA is unset.
 */
export function useFreeMonthlyQuota(): number {
  const site = useAtomValue(siteConfigLoadableAtom);
  return site.state === 'hasData' ? site.data.free_monthly_quota : DEFAULT_FREE_MONTHLY_QUOTA;
}
