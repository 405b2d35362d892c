import { api, type Answer } from '../api/client';

/** GET /api/site: this deployment's public, non-secret settings (social links, the free quota, the simulated feeds). */
export function fetchSiteConfig() {
  return api.get<Answer<'get', '/api/site'>>('/api/site', { auth: 'none' });
}
