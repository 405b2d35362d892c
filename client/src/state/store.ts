import { createStore } from 'jotai';

/** The app's jotai store, also reachable from non-React code (the socket's state callback). */
export const appStore = createStore();
