import type { SupportRequest } from '@oddspulse/shared';
import { typedApi } from '../../api/client';
import { answerOf } from '../../api/typed-client';

/** POST /api/support: the signed-in user's request to support; the answer says whether it is priority. */
export function sendSupportRequest(request: SupportRequest) {
  return answerOf(typedApi.POST('/api/support', { body: request }));
}
