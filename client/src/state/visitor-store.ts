import { createStore } from 'jotai';
import { FALLBACK_PLAN } from '../account/account-api';
import { authAtom, planAtom } from './auth';

/**
 * The state a visitor's page starts from: signed out, on the free plan. A prerendered public page is rendered from it
 * at build, and the browser hydrates that page from the same state, so both first renders agree.
 */
export function startAsVisitor(store: ReturnType<typeof createStore>): void {
  store.set(authAtom, { status: 'signedOut' });
  store.set(planAtom, { status: 'ready', info: FALLBACK_PLAN });
}

export function visitorStore(): ReturnType<typeof createStore> {
  const store = createStore();
  startAsVisitor(store);
  return store;
}
