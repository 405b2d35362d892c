import type { ApiKeyScope } from '@oddspulse/shared';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { typedApi } from '../../api/client';
import { answerOf } from '../../api/typed-client';

/** The account's personal API keys (Platinum) and its security activity. */

export function fetchApiKeys() {
  return answerOf(typedApi.GET('/api/api-keys'));
}

/** Keyed by the user: the cache outlives a session in this tab, and one user's keys are never another's. */
export function apiKeysQuery(userId: string) {
  return queryOptions({ queryKey: ['api-keys', userId], queryFn: fetchApiKeys });
}

export function createApiKey(name: string, scopes: ApiKeyScope[]) {
  return answerOf(typedApi.POST('/api/api-keys', { body: { name, scopes } }));
}

export function renameApiKey(id: string, name: string) {
  return answerOf(typedApi.PATCH('/api/api-keys/{id}', { params: { path: { id } }, body: { name } }));
}

export function rotateApiKey(id: string) {
  return answerOf(typedApi.POST('/api/api-keys/{id}/rotate', { params: { path: { id } } }));
}

export function revokeApiKey(id: string) {
  return answerOf(typedApi.DELETE('/api/api-keys/{id}', { params: { path: { id } } }));
}

/** Entries a page of the security activity shows. */
export const SECURITY_ACTIVITY_PAGE = 10;

/** A page of the security activity, newest first: the entries older than `before` (an entry's id), or the newest. */
export function fetchSecurityActivity(before: string | null, limit: number) {
  return answerOf(
    typedApi.GET('/api/account/security-activity', { params: { query: { limit, ...(before ? { before } : {}) } } }),
  );
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
