import type { PickPeriod, PickSort, PickStats, PickStatusFilter, SettledStatus, UserPick } from '@oddspulse/shared';
import { api } from '../api/client';

/** The picks API (server/src/picks): the signed-in user's own picks; money in cents, payout entry in dollars. */
export function fetchPicks(query: { period: PickPeriod; status: PickStatusFilter; sort: PickSort }): Promise<UserPick[]> {
  return api.get<UserPick[]>('/api/picks', { query });
}

export function fetchPickStats(period: PickPeriod): Promise<PickStats> {
  return api.get<PickStats>('/api/picks/stats', { query: { period } });
}

export function settlePick(id: string, status: SettledStatus, actualPayout?: number): Promise<UserPick> {
  return api.request<UserPick>(`/api/picks/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: actualPayout === undefined ? { status } : { status, actualPayout },
  });
}

/** A pending pick's stake, in dollars (issue 22); the server works out the payout from the pick's odds. */
export function setPickStake(id: string, stake: number): Promise<UserPick> {
  return api.request<UserPick>(`/api/picks/${encodeURIComponent(id)}/stake`, { method: 'PATCH', body: { stake } });
}

export function removePick(id: string): Promise<void> {
  return api.delete<void>(`/api/picks/${encodeURIComponent(id)}`);
}

export interface ValidationResult {
  checked: number;
  matched: number;
  updated: number;
  errors: string[];
  message: string;
}

export function validatePicks(): Promise<ValidationResult> {
  return api.post<ValidationResult>('/api/picks/validate');
}

export function importLocalPicks(picks: unknown[]): Promise<{ imported: number; skipped: number; alreadyImported: boolean }> {
  return api.post('/api/picks/import', { picks });
}
