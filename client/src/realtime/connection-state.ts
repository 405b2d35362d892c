import { atom } from 'jotai';
import type { ConnectionState } from './live-socket';

/** The live socket's state, for the screens and the debug panel; apart from the socket so the shell can show it without loading it. */
export const connectionStateAtom = atom<ConnectionState>('idle');
