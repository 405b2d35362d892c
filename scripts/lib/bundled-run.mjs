// What a bench of the browser's code runs on: its run script (scripts/bench/*) bundled as Vite bundles the client, for
// Node, then each run in a process of its own, which prints its figures as one line of JSON.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'vite';
import { ROOT } from './stack.mjs';

/**
 * Bundles scripts/bench/`entry` into `outDir` (as `<entry>.mjs`), with the shared package (and its testing entry) from
 * their sources as the client has them. `alias`: further modules replaced; `external`: packages left to Node;
 * `emptyOutDir`: whether to clear `outDir` first (the first of several entries bundled into one folder).
 */
export async function bundleRun(entry, outDir, { alias = {}, external = [], emptyOutDir = true } = {}) {
  await build({
    configFile: false,
    logLevel: 'warn',
    root: ROOT,
    resolve: {
      // the testing entry first: an alias also matches the imports below its name
      alias: {
        '@oddspulse/shared/testing': join(ROOT, 'shared', 'src', 'testing', 'index.ts'),
        '@oddspulse/shared': join(ROOT, 'shared', 'src', 'index.ts'),
        ...alias,
      },
    },
    esbuild: { jsx: 'automatic' },
    define: { 'process.env.NODE_ENV': '"production"' },
    ssr: { noExternal: true, external },
    build: {
      ssr: join(ROOT, 'scripts', 'bench', entry),
      outDir,
      emptyOutDir,
      minify: false,
      rollupOptions: { output: { entryFileNames: entry.replace(/\.(tsx|ts|mjs)$/, '.mjs') } },
    },
  });
}

/** Runs a bundled script in a process of its own with `args`; the JSON of the last line it prints. */
export function runBundled(script, args = []) {
  const child = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', env: process.env });
  if (child.status !== 0) throw new Error(`${script} ${args.join(' ')} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop());
}
