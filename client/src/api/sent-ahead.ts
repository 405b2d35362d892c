/**
 * A GET a page's boot script sent before the app's entry had run, kept on the
 * window (the two are separate scripts) until the app's API client makes the very same call (URL and token) and takes
 * its answer as its own fetch's: one request, the client's status handling, time-out and cancelling as before. One not
 * taken within EARLY_ANSWER_KEEP_MS is dropped, as an early request is (api/early-data.ts).
 */

/**
 * How long an answer sent ahead of the app's call (here, and api/early-data.ts) is kept for it. A minute, not less:
 * on a busy machine the screen has been seen to mount 10.5 s after its boards were sent. An answer that old is still
 * right for it, as the boards' positions let the socket send what moved since (docs/realtime.md).
 */
export const EARLY_ANSWER_KEEP_MS = 60_000;

export interface SentAhead {
  url: string;
  authorization: string | null;
  answer: Promise<Response>;
  at: number;
}

declare global {
  interface Window {
    __oddspulseSentAhead?: SentAhead;
  }
}

type Page = Pick<Window, 'fetch' | '__oddspulseSentAhead'>;

/** Sends a GET now, for the app's identical call to take (takeSentAhead). */
export function sendAhead(url: string, init: RequestInit, page: Page = window, now = Date.now()): void {
  const answer = page.fetch(url, init);
  // the app's call meets its failure when it takes it; one never taken was never needed
  answer.catch(() => undefined);
  page.__oddspulseSentAhead = { url, authorization: authorizationOf(init), answer, at: now };
}

/** The answer of the GET sent ahead for this very call (same URL and token, within a minute), once; else null. */
export function takeSentAhead(
  url: string,
  init: RequestInit,
  page: Page = window,
  now = Date.now(),
): Promise<Response> | null {
  const sent = page.__oddspulseSentAhead;
  if (!sent) return null;
  const expired = now - sent.at > EARLY_ANSWER_KEEP_MS;
  const asked = (init.method ?? 'GET') === 'GET' && sent.url === url && sent.authorization === authorizationOf(init);
  // taken once; one nobody took in time is dropped at the next call, whatever it asks
  if (asked || expired) delete page.__oddspulseSentAhead;
  return asked && !expired ? untilAborted(sent.answer, init.signal) : null;
}

function authorizationOf(init: RequestInit): string | null {
  return new Headers(init.headers).get('authorization');
}

/** The answer, or the call's own abort (its time-out or its screen cancelling it) if that comes first. */
function untilAborted(answer: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return answer;
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
