import { api } from '../api/client';
import type { PickDraft } from './bet-slip';

/**
 * Placing bets saves them as pending picks on the account (DECISIONS 18). POST /api/picks is built on the
 * picks branch; until it is on this branch the slip says so instead of pretending to save.
 */
export const picksApiAvailable = false;

export async function placePicks(picks: readonly PickDraft[]): Promise<void> {
  for (const pick of picks) await api.post('/api/picks', pick);
}
