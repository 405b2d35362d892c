// `npm run bench:mcp`: what an MCP tool call costs. On a stack started as `npm start` starts it (server and workers,
// demo feed), once the boards are warm, with the pipeline still writing them, a Platinum demo key calls one tool
// (`best_prices` by default) over /mcp, one call after another over loopback, as an assistant does:
// - each call's latency, p50 and p99 (JSON-RPC POST to the answer read);
// - the server process's CPU per call, from /proc (whatever else it did meanwhile: the pipeline's writes are in it);
// - the machine's load (`uptime`) before and after, as every figure of a shared machine needs it.
// Prints figures; asserts nothing (issue figures are bench lines, never timed tests). Its last line:
// `bench:mcp tool=<name> calls=<n> p50-ms=<ms> p99-ms=<ms> cpu-ms-per-call=<ms>`.
// BENCH_MCP_TOOL and BENCH_MCP_ARGS (JSON) choose another call; BENCH_MCP_CALLS how many (default 500).
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { demoAccessToken } from './bench/first-row.mjs';
import { cpuSeconds } from './lib/proc.mjs';
import { run, startProcesses, throwawayStackEnv, waitForHealth } from './lib/stack.mjs';

const CALLS = Number(process.env.BENCH_MCP_CALLS ?? 500);
const TOOL = process.env.BENCH_MCP_TOOL ?? 'best_prices';
const ARGS = JSON.parse(process.env.BENCH_MCP_ARGS ?? '{"sport":"basketball_nba"}');
const WARM_TIMEOUT_MS = 120_000;
const WARM_UP_CALLS = 20;

const { env, port } = await throwawayStackEnv('benchmcp', {
  LOG_LEVEL: 'error',
  RATE_LIMIT_MAX: '10000000',
  // the key's own limit (300 a minute by default) would refuse the bench, not measure it
  RATE_LIMIT_API_KEY_MAX: '10000000',
});
const url = `http://127.0.0.1:${port}`;
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let id = 0;
/** One tools/call as an assistant sends it: its answer's structured content, or a thrown error naming the refusal. */
async function call(key, name, args) {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } }),
  });
  const body = await res.json();
  if (!res.ok || body.error || body.result?.isError) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
  return body.result.structuredContent;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

if (run(process.execPath, ['core/dist/cli.js', 'setup'], env) !== 0) process.exit(1);
const stack = startProcesses(env, { stdio: ['ignore', 'inherit', 'inherit'] });
const server = stack.children.find((c) => c.name === 'server').child;
try {
  await waitForHealth(url);
  const session = { authorization: `Bearer ${await demoAccessToken(url, 'platinum@demo.local')}` };
  const made = await fetch(`${url}/api/api-keys`, {
    method: 'POST',
    headers: { ...session, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench:mcp' }),
  });
  if (!made.ok) throw new Error(`Could not make the bench's key: ${made.status} ${await made.text()}`);
  const { key } = await made.json();

  process.stderr.write('bench:mcp: waiting for the demo feed to warm the boards…\n');
  const deadline = Date.now() + WARM_TIMEOUT_MS;
  for (;;) {
    const answer = await call(key, TOOL, ARGS).catch((error) => ({ error }));
    if (!answer.error && (answer.games ?? answer.opportunities ?? [1]).length) break;
    if (Date.now() > deadline) throw new Error(`${TOOL} had nothing to answer after ${WARM_TIMEOUT_MS / 1000} s`);
    await sleep(1000);
  }
  for (let i = 0; i < WARM_UP_CALLS; i++) await call(key, TOOL, ARGS);

  const before = uptime();
  const latencies = [];
  const cpuBefore = cpuSeconds(server.pid);
  for (let i = 0; i < CALLS; i++) {
    const start = performance.now();
    await call(key, TOOL, ARGS);
    latencies.push(performance.now() - start);
  }
  const cpuMsPerCall = ((cpuSeconds(server.pid) - cpuBefore) * 1000) / CALLS;
  const after = uptime();
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  process.stdout.write(
    [
      `uptime before: ${before}`,
      `uptime after:  ${after}`,
      `${TOOL} ${JSON.stringify(ARGS)}: ${CALLS} calls one after another, latency p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms; server CPU ${cpuMsPerCall.toFixed(2)} ms a call (mean, the pipeline's writes included)`,
      `bench:mcp tool=${TOOL} calls=${CALLS} p50-ms=${p50.toFixed(2)} p99-ms=${p99.toFixed(2)} cpu-ms-per-call=${cpuMsPerCall.toFixed(2)}`,
    ].join('\n') + '\n',
  );
} finally {
  await stack.stop();
  run(process.execPath, ['scripts/lib/teardown.mjs', env.DATABASE_URL, env.REDIS_PREFIX], env);
}
