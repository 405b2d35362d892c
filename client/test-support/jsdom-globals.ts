import { TextDecoder, TextEncoder } from 'node:util';

// jsdom, which the client's component specs run in, has no TextEncoder, and react-router reads it as it loads: a spec of
// a component whose feature offers a link (the bet slip's panel) loads react-router with it.
if (typeof window !== 'undefined' && typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
