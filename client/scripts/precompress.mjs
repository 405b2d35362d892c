// The server sends static files pre-compressed, so the build writes each text file's brotli (.br)
// and gzip (.gz) forms beside it, at the strongest settings (paid once per build, never per request).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
/** Below this the headers outweigh what compression saves. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
let raw = 0;
let brotli = 0;
for await (const path of files(dist)) {
  if (!TEXT.has(extname(path)) || (await stat(path)).size < MIN_BYTES) continue;
  const body = await readFile(path);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
  raw += body.length;
  brotli += br.length;
}
console.log(`precompress: ${raw} bytes of text files -> ${brotli} bytes brotli (.br and .gz written beside each)`);
