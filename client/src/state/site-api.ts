import type { SiteConfig } from '@oddspulse/shared';
import { api } from '../api/client';

/** GET /api/site: this deployment's public, non-secret settings (social links, the free quota). */
export function fetchSiteConfig(): Promise<SiteConfig> {
  return api.get<SiteConfig>('/api/site', { auth: 'none' });
}
