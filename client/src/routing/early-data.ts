/**
 * A request a direct visit is sure to make, sent before the screen that makes it has rendered, and taken
 * once by that screen's own call (same key: its path and query) instead of sending it again. The taker gets the
 * answer or the error exactly as if it had sent the request itself; one nobody takes in time is dropped.
 *
 * A minute, not less: on a busy machine the screen has been seen to mount 10.5 s after its boards were sent. An answer
 * that old is still right for it, as the boards' positions let the socket send what moved since (docs/realtime.md).
 */
const KEEP_MS = 60_000;

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
  const early: Early = { answer: send(), until: now + KEEP_MS, taken: false };
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

/** takeEarly once the early requests announced with sendingEarly are sent: the answer, or null when none was. */
export async function takeEarlyOnceSent<T>(key: string): Promise<T | null> {
  await starting;
  return takeEarly<T>(key);
}
