// The public pages (/, /pricing, /scores, /terms, /privacy) written into the build with their content: the app is
// built once more for Node (src/app/prerender.tsx), each page rendered with react-dom/static as a visitor's browser first
// renders it, and the markup put in the page's HTML (routes/<page>.html, which the server answers for the path), where
// the browser hydrates it (src/app/main.tsx). Search engines and a slow first load see the page, not an empty root.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

const client = fileURLToPath(new URL('..', import.meta.url));
const dist = join(client, 'dist');
const EMPTY_ROOT = '<div id="root"></div>';

const out = await mkdtemp(join(tmpdir(), 'oddspulse-prerender-'));
try {
  await build({
    configFile: false,
    root: client,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@oddspulse/shared': join(client, '..', 'shared', 'src', 'index.ts') } },
    ssr: { noExternal: true },
    build: {
      ssr: join(client, 'src', 'app', 'prerender.tsx'),
      outDir: out,
      emptyOutDir: true,
      minify: false,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  });
  const { PRERENDERED_PATHS, SESSION_KEY, LEGACY_SESSION_KEY, renderPage } = await import(
    pathToFileURL(join(out, 'prerender.mjs')).href
  );
  for (const path of PRERENDERED_PATHS) {
    const file = join(dist, 'routes', `${path === '/' ? 'index' : path.slice(1)}.html`);
    const page = await readFile(existsSync(file) ? file : join(dist, 'index.html'), 'utf8');
    if (!page.includes(EMPTY_ROOT)) throw new Error(`prerender ${path}: no empty ${EMPTY_ROOT} in its page`);
    const markup = await renderPage(path);
    // A signed-in user's page is not the visitor's (the dashboard at /, their plan on /pricing): the visitor's markup
    // goes before it is painted, and the app renders the user's page in its place (src/app/main.tsx). The server allows
    // this script by its hash.
    // A session is described in local storage (the tokens are HttpOnly cookies); one an older build kept in Web Storage
    // is moved to cookies by the app, signed in.
    const key = JSON.stringify(SESSION_KEY);
    const legacy = JSON.stringify(LEGACY_SESSION_KEY);
    const signedInClears = `<script>if(localStorage.getItem(${key})||sessionStorage.getItem(${legacy})||localStorage.getItem(${legacy}))document.getElementById("root").replaceChildren()</script>`;
    await writeFile(file, page.replace(EMPTY_ROOT, `<div id="root">${markup}</div>${signedInClears}`));
    process.stdout.write(`prerender: ${path} (${markup.length} characters of markup)\n`);
  }
} finally {
  await rm(out, { recursive: true, force: true });
}
