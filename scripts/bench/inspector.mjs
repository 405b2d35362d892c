// A bench server's inspector (the process is started with `--inspect` on loopback): its memory after a full
// collection, and for `BENCH_PROFILE=dir npm run bench:push` CPU profiles over a window the caller chooses (a
// `--cpu-prof` profile is only written on a clean exit and covers the whole run) and sampling heap profiles.
import { once } from 'node:events';
import { createRequire } from 'node:module';

const WebSocket = createRequire(new URL('../../server/package.json', import.meta.url))('ws');

export async function attachInspector(port) {
  let targets;
  for (let i = 0; i < 50 && !targets; i++) {
    try {
      targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (!targets?.length) throw new Error(`No inspector at 127.0.0.1:${port}`);
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl, { maxPayload: 1 << 30 });
  await once(ws, 'open');
  let next = 0;
  const pending = new Map();
  ws.on('message', (raw) => {
    const message = JSON.parse(raw);
    const answer = pending.get(message.id);
    if (!answer) return;
    pending.delete(message.id);
    if (message.error) answer.reject(new Error(message.error.message));
    else answer.resolve(message.result);
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return {
    start: async () => {
      await send('Profiler.enable');
      await send('Profiler.setSamplingInterval', { interval: 500 });
      await send('Profiler.start');
    },
    stop: async () => (await send('Profiler.stop')).profile,
    /** process.memoryUsage() after a full collection: what the process really holds, garbage aside. */
    memory: async () => {
      await send('HeapProfiler.collectGarbage');
      const { result } = await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())' });
      return JSON.parse(result.value);
    },
    startHeapSampling: () => send('HeapProfiler.startSampling', { samplingInterval: 4096 }),
    stopHeapSampling: async () => {
      await send('HeapProfiler.collectGarbage');
      return (await send('HeapProfiler.stopSampling')).profile;
    },
    close: () => ws.close(),
  };
}

/** Self time per function (ms and share of the samples), heaviest first: enough to see where a window went. */
export function selfTimes(profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const perSample = totalMs / profile.samples.length;
  const byFunction = new Map();
  for (const [id, count] of counts) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url
      ? `${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(server|shared|workers)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(key, (byFunction.get(key) ?? 0) + count);
  }
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, count]) => ({ name, ms: count * perSample, share: count / profile.samples.length }));
}
