import type { ApiKeySummary, ApiKeyWithSecret, SecurityActivityEntry } from '@oddspulse/shared';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../api/client';

/** The account's personal API keys (Platinum) and its security activity. */

export function fetchApiKeys() {
  return api.get<ApiKeySummary[]>('/api/api-keys');
}

/** Keyed by the user: the cache outlives a session in this tab, and one user's keys are never another's. */
export function apiKeysQuery(userId: string) {
  return queryOptions({ queryKey: ['api-keys', userId], queryFn: fetchApiKeys });
}

export function createApiKey(name: string) {
  return api.post<ApiKeyWithSecret>('/api/api-keys', { name });
}

export function renameApiKey(id: string, name: string) {
  return api.patch<ApiKeySummary>(`/api/api-keys/${encodeURIComponent(id)}`, { name });
}

export function rotateApiKey(id: string) {
  return api.post<ApiKeyWithSecret>(`/api/api-keys/${encodeURIComponent(id)}/rotate`);
}

export function revokeApiKey(id: string) {
  return api.delete<void>(`/api/api-keys/${encodeURIComponent(id)}`);
}

/** Entries a page of the security activity shows. */
export const SECURITY_ACTIVITY_PAGE = 10;

/** A page of the security activity, newest first: the entries older than `before` (an entry's id), or the newest. */
export function fetchSecurityActivity(before: string | null, limit: number) {
  return api.get<SecurityActivityEntry[]>('/api/account/security-activity', {
    query: { limit, ...(before ? { before } : {}) },
  });
}

/**
 * One page of the user's security activity, keyed by the user (as the keys are) and by the entry it starts after. It
 * reads one entry more than it shows, which says whether an older page follows.
 */
export function securityActivityQuery(userId: string, before: string | null = null) {
  return queryOptions({
    queryKey: ['security-activity', userId, before ?? 'newest'],
    queryFn: async () => {
      const entries = await fetchSecurityActivity(before, SECURITY_ACTIVITY_PAGE + 1);
      return { entries: entries.slice(0, SECURITY_ACTIVITY_PAGE), older: entries.length > SECURITY_ACTIVITY_PAGE };
    },
  });
}

/**
 * Marks the user's security activity out of date after a write the server records in it (a key created, renamed,
 * rotated or revoked, a subscription cancelled or resumed): read again at once where it is on screen, else on its
 * next showing.
 */
export function useSecurityActivityChanged(userId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['security-activity', userId] }),
    [queryClient, userId],
  );
}
