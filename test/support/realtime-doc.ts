import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A ```js block of docs/realtime.md, found by its first line (the file name it tells the reader to save it as). */
export function realtimeDocBlock(firstLine: string): string {
  const page = readFileSync(join(__dirname, '..', '..', 'docs', 'realtime.md'), 'utf8');
  const block = page.split('```js\n').find((part) => part.startsWith(firstLine));
  if (!block) throw new Error(`docs/realtime.md has no js block starting "${firstLine}"`);
  return block.slice(0, block.indexOf('```'));
}
