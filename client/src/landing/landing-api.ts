import type { LandingStats } from '@oddspulse/shared';
import { api } from '../api/client';

/** GET /api/stats/landing: the landing page's live figures (DECISIONS 17), public. */
export function fetchLandingStats(): Promise<LandingStats> {
  return api.get<LandingStats>('/api/stats/landing', { auth: 'none' });
}
