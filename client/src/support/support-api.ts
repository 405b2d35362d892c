import type { SupportRequest } from '@oddspulse/shared';
import { api } from '../api/client';

/** POST /api/support: the signed-in user's request to support; the answer says whether it is priority. */
export function sendSupportRequest(request: SupportRequest): Promise<{ priority: boolean; message: string }> {
  return api.request<{ priority: boolean; message: string }>('/api/support', { method: 'POST', body: request });
}
