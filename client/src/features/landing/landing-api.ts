import { queryOptions } from '@tanstack/react-query';
import { api, type Answer } from '../../api/client';

/** GET /api/stats/landing: the landing page's live figures (DECISIONS 17), public. */
export function fetchLandingStats() {
  return api.get<Answer<'get', '/api/stats/landing'>>('/api/stats/landing', { auth: 'none' });
}

export const landingKeys = {
  stats: ['landing', 'stats'] as const,
};

/**
 * The figures, read afresh on every visit: DECISIONS 17 shows live figures only, so none are kept once the page is
 * left (a later visit would otherwise open on figures older than the page's own refresh).
 */
export function landingStatsQuery() {
  return queryOptions({ queryKey: landingKeys.stats, queryFn: fetchLandingStats, gcTime: 0 });
}
