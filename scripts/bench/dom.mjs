// A browser's globals for React in Node (jsdom), set before react-dom loads: `npm run bench:rows`'s render counts.
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body></body></html>', {
  pretendToBeVisual: true,
  url: 'http://localhost/',
});
for (const name of [
  'window',
  'document',
  'navigator',
  'HTMLElement',
  'Node',
  'Event',
  'localStorage',
  'requestAnimationFrame',
  'cancelAnimationFrame',
]) {
  Object.defineProperty(globalThis, name, { value: dom.window[name], configurable: true, writable: true });
}
// a desktop window (the table, not the cards)
dom.window.matchMedia = (query) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} });
