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

export function fetchSecurityActivity() {
  return api.get<SecurityActivityEntry[]>('/api/account/security-activity');
}

/** Keyed by the user, as the keys are. */
export function securityActivityQuery(userId: string) {
  return queryOptions({ queryKey: ['security-activity', userId], queryFn: fetchSecurityActivity });
}

/**
 * Marks the user's security activity out of date after a write the server records in it (a key created, renamed,
 * rotated or revoked, a subscription cancelled or resumed): read again at once where it is on screen, else on its
 * next showing.
 */
export function useSecurityActivityChanged(userId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.invalidateQueries({ queryKey: securityActivityQuery(userId).queryKey }),
    [queryClient, userId],
  );
}
