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

export function useToasts() {
  const setToasts = useSetAtom(toastsAtom);
  const dismiss = useCallback(
    (id: number) => {
      setToasts((all) => all.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
      window.setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), TOAST_EXIT_MS);
    },
    [setToasts],
  );
  const show = useCallback(
    (type: ToastType, message: string, durationMs = TOAST_DEFAULT_MS) => {
      const id = nextId++;
      setToasts((all) => [...all, { id, type, message, leaving: false }]);
      if (durationMs > 0) window.setTimeout(() => dismiss(id), durationMs);
      return id;
    },
    [setToasts, dismiss],
  );
  return { show, dismiss };
}
