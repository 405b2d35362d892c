import { useEffect, useRef } from 'react';

/**
 * Open layers (sheets, modals, the mobile menu) in the order they opened, innermost last. Escape closes the
 * innermost one only (spec 001 §2: a sheet opened from another, such as Select Dates or Sportsbooks inside
 * Filters, takes Escape first). A layer keeps its place when its close handler changes: re-registering on
 * every render would move an outer sheet above the one opened inside it whenever the page re-renders (a
 * socket update, the age tick).
 */
export class EscapeLayers {
  private readonly layers: Array<{ close: () => void }> = [];

  /** Opens a layer on top; returns what removes it. */
  push(close: () => void): () => void {
    const layer = { close };
    this.layers.push(layer);
    return () => {
      const i = this.layers.indexOf(layer);
      if (i !== -1) this.layers.splice(i, 1);
    };
  }

  /** Escape was pressed: the innermost layer closes. False when none is open. */
  escape(): boolean {
    const top = this.layers[this.layers.length - 1];
    if (!top) return false;
    top.close();
    return true;
  }

  get size(): number {
    return this.layers.length;
  }
}

const layers = new EscapeLayers();
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('keydown', (event) => {
    // a layer that took Escape cancels the key: an open <dialog> would otherwise close on the same key (Modal)
    if (event.key === 'Escape' && layers.escape()) event.preventDefault();
  });
}

/** While `active`, Escape calls the latest `onEscape`, unless a layer opened after this one is still open. */
export function useEscapeLayer(active: boolean, onEscape: () => void): void {
  const latest = useRef(onEscape);
  useEffect(() => {
    latest.current = onEscape;
  });
  useEffect(() => {
    if (!active) return;
    listen();
    return layers.push(() => latest.current());
  }, [active]);
}
