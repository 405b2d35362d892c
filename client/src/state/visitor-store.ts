import { createStore } from 'jotai';
import { authAtom } from './auth';

/**
 * The state a visitor's page starts from: signed out (so on the free plan, usePlan). A prerendered public page is rendered from it
 * at build, and the browser hydrates that page from the same state, so both first renders agree.
 */
export function startAsVisitor(store: ReturnType<typeof createStore>): void {
  store.set(authAtom, { status: 'signedOut' });
}

export function visitorStore(): ReturnType<typeof createStore> {
  const store = createStore();
  startAsVisitor(store);
  return store;
}
