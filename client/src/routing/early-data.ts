/**
 * A request a direct visit is sure to make, sent before the screen that makes it has rendered, and taken
 * once by that screen's own call (same key: its path and query) instead of sending it again. The taker gets the
 * answer or the error exactly as if it had sent the request itself; one nobody takes in time is dropped.
 */
const KEEP_MS = 10_000;

interface Early {
  answer: Promise<unknown>;
  until: number;
  taken: boolean;
}

const started = new Map<string, Early>();

export function startEarly(key: string, send: () => Promise<unknown>, now = Date.now()): void {
  const early: Early = { answer: send(), until: now + KEEP_MS, taken: false };
  started.set(key, early);
  early.answer.catch((error: unknown) => {
    // the taker handles its own error; one nobody took only says why it was not used
    if (!early.taken) console.warn(`An early request (${key}) failed before it was used`, error);
  });
}

/** The early answer under `key` if one was started within the last 10 s and not yet taken, else null. */
export function takeEarly<T>(key: string, now = Date.now()): Promise<T> | null {
  const early = started.get(key);
  started.delete(key);
  if (!early || early.until < now) return null;
  early.taken = true;
  return early.answer as Promise<T>;
}
