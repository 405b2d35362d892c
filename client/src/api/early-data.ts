import { EARLY_ANSWER_KEEP_MS } from './sent-ahead';

/**
 * A request a direct visit is sure to make, sent before the screen that makes it has rendered, and taken
 * once by that screen's own call (same key: its path and query) instead of sending it again. The taker gets the
 * answer or the error exactly as if it had sent the request itself; one nobody takes within EARLY_ANSWER_KEEP_MS is
 * dropped.
 */

interface Early {
  answer: Promise<unknown>;
  until: number;
  taken: boolean;
}

const started = new Map<string, Early>();

/** Early requests whose code is still downloading: a taker waits for them to be sent before it looks. */
let starting: Promise<void> = Promise.resolve();

/**
 * Early requests are sent once `sent` settles (the code that sends them is still downloading). The screen's chunk
 * and that code load side by side, in no set order; without this, a screen that mounted first asked for its data a
 * second time.
 */
export function sendingEarly(sent: Promise<void>): void {
  starting = sent;
}

export function startEarly(key: string, send: () => Promise<unknown>, now = Date.now()): void {
  const early: Early = { answer: send(), until: now + EARLY_ANSWER_KEEP_MS, taken: false };
  started.set(key, early);
  early.answer.catch((error: unknown) => {
    // the taker handles its own error; one nobody took only says why it was not used
    if (!early.taken) console.warn(`An early request (${key}) failed before it was used`, error);
  });
}

/** The early answer under `key` if one was started within the last minute and not yet taken, else null. */
export function takeEarly<T>(key: string, now = Date.now()): Promise<T> | null {
  const early = started.get(key);
  started.delete(key);
  if (!early || early.until < now) return null;
  early.taken = true;
  return early.answer as Promise<T>;
}

/** Past this, a screen waiting for the code that sends its early request asks for itself: a hung download holds nothing. */
export const SENDING_WAIT_MS = 3_000;

/**
 * takeEarly once the early requests announced with sendingEarly are sent (or SENDING_WAIT_MS has passed): the answer,
 * or null when none was.
 */
export async function takeEarlyOnceSent<T>(key: string): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([starting, new Promise<void>((resolve) => (timer = setTimeout(resolve, SENDING_WAIT_MS)))]);
  clearTimeout(timer);
  return takeEarly<T>(key);
}
