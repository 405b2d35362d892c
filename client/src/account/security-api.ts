import type { ApiKeySummary, ApiKeyWithSecret, SecurityActivityEntry } from '@oddspulse/shared';
import { queryOptions } from '@tanstack/react-query';
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
