import { TextDecoder, TextEncoder } from 'node:util';

// jsdom, which the client's component specs run in, has no TextEncoder, and react-router reads it as it loads: a spec of
// a component whose feature offers a link (the bet slip's panel) loads react-router with it.
if (typeof window !== 'undefined' && typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// jsdom has <dialog> without showModal(): the browser's is stood in for by the open attribute
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
