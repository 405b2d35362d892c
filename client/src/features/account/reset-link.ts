import { AccountMessages } from '@oddspulse/shared';
import { useState } from 'react';
import { ApiError, serverMessage } from '../../api/api-client';
import { requestPasswordReset } from './account-api';

/** What a reset request came to: the server's answer, or why it was not sent. */
export interface ResetLinkStatus {
  ok: boolean;
  text: string;
}

/**
 * Why a reset link was not sent, in the server's words when it gave some (a malformed address, too many requests, mail
 * unavailable: DECISIONS 33), else the spec's fallback (spec 000 §8).
 */
export function resetLinkError(error: unknown): string {
  if (!(error instanceof ApiError)) return AccountMessages.resetLinkFailed;
  return serverMessage(error.body) ?? (error.status < 500 ? error.message : null) ?? AccountMessages.resetLinkFailed;
}

/**
 * A password reset by mail (spec 000 §3, §8) through the one reset route, POST /api/auth/password-reset: the Account
 * page sends it for the signed-in address, the sign-in page's "Forgot password?" for the address typed. The route
 * answers the same whether or not the address has an account, and limits requests per address and per email.
 */
export function useResetLinkRequest() {
  const [status, setStatus] = useState<ResetLinkStatus | null>(null);
  const [busy, setBusy] = useState(false);
  // It shows its failure in its status and never rejects, so a click or a form drops its promise.
  const send = async (email: string) => {
    setStatus(null);
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setStatus({ ok: true, text: AccountMessages.resetLinkSent });
    } catch (error) {
      setStatus({ ok: false, text: resetLinkError(error) });
    } finally {
      setBusy(false);
    }
  };
  return { status, busy, send };
}
