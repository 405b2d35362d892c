import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, minify, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';

/** React, react-dom and its scheduler, react-router with react-router-dom, jotai and TanStack Query: what every screen runs on. */
const SHELL_LIBRARIES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|jotai|@tanstack[\\/](query-core|react-query))[\\/]/;

/** The client compiles shared/ from source so the math and types stay one copy. */
const SHARED_SOURCE = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));

interface RoutePage {
  /** The screen's sources: their chunks are modulepreloaded, their CSS preloaded. */
  screens: string[];
  /** Whether the code the page starts with carries V8's compile hint (compileHints): the pages whose first paint is timed. */
  compileHint?: boolean;
  /** A script the page runs as its HTML is read, ahead of the entry (bootScript). */
  boot?: string;
}

/** The chunk a screen's source is the facade of, or (a dynamic entry that shares its chunk) the one that holds it. */
function screenChunk(bundle: Rollup.OutputBundle, source: string): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find(
    (file) =>
      file.type === 'chunk' &&
      (file.facadeModuleId?.endsWith(source) || file.moduleIds.some((id) => id.endsWith(source))),
  );
  if (chunk?.type !== 'chunk') throw new Error(`no chunk for ${source}`);
  return chunk;
}

/** The chunks and, one after another, the chunks they import statically: what a browser loads to run them. */
function withStaticImports(bundle: Rollup.OutputBundle, chunks: Iterable<Rollup.OutputChunk>): Rollup.OutputChunk[] {
  const found = new Map<string, Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  for (const chunk of chunks) visit(chunk);
  return [...found.values()];
}

/**
 * For a route whose screen is worth starting with the page, a copy of index.html at routes/<path>.html
 * (routes/index.html for /) that also modulepreloads the screen's chunks and
 * preloads its CSS, so a direct visit fetches them alongside the entry instead of after it has run. The server answers
 * that copy for the path (server/src/web/client-app.ts).
 */
function routePages(routes: Record<string, RoutePage>): Plugin {
  return {
    name: 'oddspulse-route-pages',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('route pages: no index.html in the bundle');
      const html = String(index.source);
      for (const [route, { screens, boot }] of Object.entries(routes)) {
        // what the screens load beyond what index.html already loads (the entry and its imports)
        const chunks = withStaticImports(
          bundle,
          screens.map((source) => screenChunk(bundle, source)),
        ).filter((chunk) => !chunk.isEntry && !html.includes(chunk.fileName));
        const styles = new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
        const links = [
          ...chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`),
          ...[...styles]
            .filter((file) => !html.includes(file))
            .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ];
        const page = html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
        this.emitFile({
          type: 'asset',
          fileName: `routes${route === '/' ? '/index' : route}.html`,
          source: boot ? withBootScript(page, await bootScript(boot)) : page,
        });
      }
    },
  };
}

/** V8's explicit compile hint (Chrome 136+), a file's first line: compile every function of the file as it streams in. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The code a page runs as it starts (the entry, what it imports, and the route
 * pages' screens with theirs) carries V8's compile hint, so Chromium compiles its functions on the thread that streams
 * the script in, instead of each on the main thread at its first call, where a first visit of /sportsbooks spent some
 * 50 ms. The screens opened later keep lazy compiling: they would compile code that may never run.
 */
function compileHints(screens: string[]): Plugin {
  return {
    name: 'oddspulse-compile-hints',
    apply: 'build',
    // once written: Vite's own plugins still rewrite the entry's code (its preload lists) after every generateBundle of ours.
    // The files keep the names hashed from their code without the line: the line is the same in every build.
    async writeBundle({ dir }, bundle) {
      if (!dir) throw new Error('compile hints: the build has no output directory');
      const entries = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk' && file.isEntry,
      );
      const started = withStaticImports(bundle, [...entries, ...screens.map((source) => screenChunk(bundle, source))]);
      for (const { fileName } of started) {
        const file = join(dir, fileName);
        await writeFile(file, `${COMPILE_HINT}\n${await readFile(file, 'utf8')}`);
      }
    },
  };
}

/**
 * A route page's boot script, built on its own into one small classic script with no imports and written
 * into the page, so that it runs as the HTML is read: a script file would arrive with the entry's, and a module waits
 * for its imports. The server allows it by its hash in the page's CSP (server/src/web/client-app.ts).
 */
async function bootScript(source: string): Promise<string> {
  const built = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@oddspulse/shared': SHARED_SOURCE } },
    build: {
      write: false,
      minify: true,
      lib: { entry: fileURLToPath(new URL(source, import.meta.url)), formats: ['iife'], name: 'oddspulseBoot' },
    },
  });
  const chunks = (Array.isArray(built) ? built : [built])
    .flatMap((output) => ('output' in output ? output.output : []))
    .filter((file) => file.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`boot script ${source}: built into ${chunks.length} chunks, not one`);
  const code = chunks[0].code.trim();
  if (/<\/script|<!--/i.test(code))
    throw new Error(`boot script ${source}: its code would end the <script> element early`);
  return code;
}

/** The page with the script ahead of the entry and the stylesheet: an inline script after a stylesheet waits for it. */
function withBootScript(page: string, code: string): string {
  const at = page.indexOf('<script type="module"');
  const stylesheet = page.indexOf('rel="stylesheet"');
  if (at < 0 || (stylesheet >= 0 && at > stylesheet))
    throw new Error('route pages: the entry script is not ahead of the stylesheet');
  return `${page.slice(0, at)}<script>${code}</script>\n    ${page.slice(at)}`;
}

/**
 * The service worker is written readable (client/public/sw.js) and ships minified: every first visit
 * downloads it. Vite copies public/ as it is, so the copy in the output is minified once the bundle is written.
 */
function minifiedServiceWorker(): Plugin {
  return {
    name: 'oddspulse-minified-service-worker',
    apply: 'build',
    async writeBundle({ dir }) {
      if (!dir) throw new Error('minified service worker: the build has no output directory');
      const file = join(dir, 'sw.js');
      // Oxc's minifier, which Vite 8 builds with (esbuild is no longer part of it)
      const { code, errors } = await minify(file, await readFile(file, 'utf8'));
      if (errors.length > 0) throw new Error(`minified service worker: ${errors.map((e) => e.message).join('; ')}`);
      await writeFile(file, code);
    },
  };
}

// '/': the landing page, a visitor's first screen (a signed-in user's dashboard loads as main.tsx starts it)
// /sportsbooks: its boot script sends the straight bets' boards before the entry has run (odds/loading/first-boards-ahead.ts)
// /pricing, /scores, /terms, /privacy: prerendered public pages (scripts/prerender.mjs), whose screens' code hydrates
// them as soon as the entry has run
const ROUTE_PAGES: Record<string, RoutePage> = {
  '/': { screens: ['src/features/landing/LandingPage.tsx'], compileHint: true },
  '/pricing': { screens: ['src/features/billing/PricingPage.tsx'] },
  '/scores': { screens: ['src/features/scores/ScoresPage.tsx'] },
  '/terms': { screens: ['src/features/landing/LegalPages.tsx'] },
  '/privacy': { screens: ['src/features/landing/LegalPages.tsx'] },
  '/sportsbooks': {
    screens: ['src/features/odds/OddsPage.tsx', 'src/routing/first-boards.ts'],
    boot: './src/boot/first-boards.ts',
    compileHint: true,
  },
};

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    routePages(ROUTE_PAGES),
    compileHints(Object.values(ROUTE_PAGES).flatMap((page) => (page.compileHint ? page.screens : []))),
    minifiedServiceWorker(),
  ],
  resolve: {
    alias: {
      '@oddspulse/shared': SHARED_SOURCE,
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/ops/queues': apiTarget,
      '/metrics': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // No source maps: served publicly they would hand out the whole client source.
    sourcemap: false,
    // Every browser the app supports has modulepreload; the polyfill would be half a KB of the landing page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The libraries every screen needs in one chunk of their own, so a new build of the app's code does
        // not make returning visitors download React again (hashed, immutable). Libraries only a screen needs
        // (socket.io-client) stay with that screen's chunks.
        codeSplitting: { groups: [{ name: 'vendor', test: SHELL_LIBRARIES }] },
      },
    },
  },
});
