import { atom, useSetAtom } from 'jotai';
import { useCallback } from 'react';

/** Toasts (spec 000 §4): four types, 5000 ms by default (0 means they stay), 300 ms exit. */
export type ToastType = 'success' | 'error' | 'warning' | 'info';
export const TOAST_DEFAULT_MS = 5000;
export const TOAST_EXIT_MS = 300;

export interface Toast {
  id: number;
  type: ToastType;
  message: string;
  leaving: boolean;
}

export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;
/** The toast shown under each key, and the timer that will dismiss it. */
const keyed = new Map<string, { id: number; timer: number | undefined }>();

export function useToasts() {
  const setToasts = useSetAtom(toastsAtom);
  const dismiss = useCallback(
    (id: number) => {
      for (const [key, entry] of keyed) if (entry.id === id) keyed.delete(key);
      setToasts((all) => all.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
      window.setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), TOAST_EXIT_MS);
    },
    [setToasts],
  );
  /**
   * Shows a toast; with a `key`, one toast at most for it: a second message under the same key replaces the first in
   * place, with its own time (the retries of three reads at once stacked three toasts over an empty page).
   */
  const show = useCallback(
    (type: ToastType, message: string, durationMs = TOAST_DEFAULT_MS, key?: string) => {
      const shown = key === undefined ? undefined : keyed.get(key);
      const id = shown?.id ?? nextId++;
      window.clearTimeout(shown?.timer);
      setToasts((all) =>
        shown && all.some((t) => t.id === id)
          ? all.map((t) => (t.id === id ? { ...t, type, message, leaving: false } : t))
          : [...all, { id, type, message, leaving: false }],
      );
      const timer = durationMs > 0 ? window.setTimeout(() => dismiss(id), durationMs) : undefined;
      if (key !== undefined) keyed.set(key, { id, timer });
      return id;
    },
    [setToasts, dismiss],
  );
  return { show, dismiss };
}
