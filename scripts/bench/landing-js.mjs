// The JavaScript a visitor's first visit of the landing page (/) downloads, in gzip bytes (the budget's unit), read
// from the build: every script the page requests until the network is idle (the entry, its imports, the landing
// screen, what that loads, the service worker), each counted as the `.gz` the build wrote beside it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzip bytes of a built file: the precompressed copy when the build wrote one, else compressed here at level 9. */
function gzipBytes(distDir, pathname) {
  const file = join(distDir, pathname);
  return existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(readFileSync(file), { level: 9 }).length;
}

/** Opens / in a fresh context (no session, empty cache) and sums the gzip bytes of every script it requested. */
export async function landingJs(browser, baseUrl, distDir) {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const scripts = new Set();
    context.on('request', (request) => {
      const { origin, pathname } = new URL(request.url());
      if (origin === new URL(baseUrl).origin && pathname.endsWith('.js')) scripts.add(pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // the service worker registers once the page is idle after load
    await page.waitForTimeout(2_000);
    const files = [...scripts]
      .map((pathname) => ({ pathname, gzip: gzipBytes(distDir, pathname) }))
      .sort((a, b) => b.gzip - a.gzip);
    return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
  } finally {
    await context.close();
  }
}
