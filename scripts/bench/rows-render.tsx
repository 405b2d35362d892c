// The render half of `npm run bench:rows` (scripts/bench-rows.mjs bundles it with the client's code, the row views
// counted): the odds table of a simulated board rendered with real React in jsdom, then one pushed diff that moves one
// price, then a clock tick, then a filter change; prints how many row views and cells each rendered, as one line of JSON.
import './dom.mjs';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Flashes } from '../../client/src/features/odds/rows/live-table';
import type { OddsRow } from '../../client/src/features/odds/rows/rows';
import { oddsTableAt } from '../../client/test-support/odds-table-at';
import { onePriceDiff } from '../../client/test-support/one-price-diff';
import { renders } from './render-counter';

const NOW = Date.parse('2026-11-23T16:00:00Z');
const EVENTS = Number(process.argv[2] ?? 24);
const diff = onePriceDiff({ events: EVENTS, seed: 18, now: NOW });

/** Row views and cells rendered and wall time of one synchronous render. */
function render(root: ReturnType<typeof createRoot>, rows: OddsRow[], flashes: Flashes, now: number) {
  renders.count = 0;
  renders.cells = 0;
  const start = performance.now();
  flushSync(() => root.render(oddsTableAt(rows, flashes, now)));
  return { views: renders.count, cells: renders.cells, ms: performance.now() - start };
}

const results = [];
for (const pageSize of ['15', '50', 'all']) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  render(root, diff.before, new Map(), NOW);
  const select = container.querySelector('select')!;
  select.value = pageSize;
  renders.count = 0;
  flushSync(() => select.dispatchEvent(new window.Event('change', { bubbles: true })));
  const shown = container.querySelectorAll('[data-testid=odds-row]').length;
  const onePrice = render(root, diff.after, diff.flashes, NOW);
  const tick = render(root, diff.after, diff.flashes, NOW + 5000);
  // a filter change: the rows of 2 % EV and more, then every row again (rows rebuilt, as another selection does)
  const filtered = render(
    root,
    diff.after.filter((r) => (r.evPct ?? -Infinity) >= 2),
    new Map(),
    NOW + 5000,
  );
  const unfiltered = render(
    root,
    diff.after.map((r) => ({ ...r })),
    new Map(),
    NOW + 5000,
  );
  results.push({ pageSize, shown, onePrice, tick, filter: [filtered, unfiltered] });
  root.unmount();
  container.remove();
}
console.log(
  JSON.stringify({
    rows: diff.before.length,
    eventRows: diff.after.filter((r) => r.eventId === diff.eventId).length,
    results,
  }),
);
