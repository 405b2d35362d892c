import { setImmediate as nextTurn } from 'node:timers/promises';
import { ApiErrors } from '../errors/api-errors';
import { JsonStructure, JsonToken, MAX_JSON_DEPTH } from './json-depth';

/** Work done before the event loop is given back: one large body never holds it for long (other requests, sockets). */
export const SLICE_MS = 8;
/** Characters scanned between two looks at the clock. */
const CHECK_EVERY = 1 << 16;

/** Gives the event loop back once `SLICE_MS` has passed since the slice began; call it between units of work. */
export class Slicer {
  private started = performance.now();

  /** Whether the slice has run its time: the next pause gives the loop back. */
  get due(): boolean {
    return performance.now() - this.started >= SLICE_MS;
  }

  async pause(): Promise<void> {
    if (!this.due) return;
    await nextTurn();
    this.started = performance.now();
  }
}

export interface LargeArrayLimits {
  /** Items the array may have; more is a 400 naming the field. */
  maxItems: number;
  /** An item whose text is longer is not parsed: it is returned as undefined (unreadable), like any malformed item. */
  maxItemChars: number;
  /** Everything around the array together (the other fields) may be no longer than this. */
  maxOtherChars: number;
}

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;

function parseOrRefuse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw ApiErrors.invalidJson();
  }
}

/**
 * Parses a JSON object whose one field `field` is a large array (`{"picks": [...]}`) without ever holding the event
 * loop for more than a slice: one pass finds the array's items (and refuses nesting past MAX_JSON_DEPTH), giving the
 * loop back as it goes; each item is then parsed alone, between pauses. The object around the array is parsed with
 * the array emptied. Syntax is JSON.parse's throughout: the skeleton and every item are parsed by it, and the pass
 * only splits at commas of the array's own level. Answers 400 INVALID_JSON, JSON_TOO_DEEP or VALIDATION_FAILED.
 */
export async function parseWithLargeArray(
  text: string,
  field: string,
  limits: LargeArrayLimits,
): Promise<Record<string, unknown>> {
  const slicer = new Slicer();
  const start = text.search(/\S/);
  if (start === -1 || text.charCodeAt(start) !== OPEN_OBJECT) throw ApiErrors.validation('body: must be a JSON object');

  const spans: Array<[number, number]> = [];
  let array: [number, number] | null = null;
  const structure = new JsonStructure();
  let stringStart = 0;
  let lastKey: [number, number] | null = null;
  let key: string | null = null;
  let inArray = false;
  let arrayStart = 0;
  let itemStart = 0;
  for (let i = start; i < text.length; i++) {
    if ((i & (CHECK_EVERY - 1)) === 0) await slicer.pause();
    const c = text.charCodeAt(i);
    switch (structure.next(c)) {
      case JsonToken.StringStart:
        stringStart = i;
        break;
      case JsonToken.StringEnd:
        if (structure.depth === 1) lastKey = [stringStart, i + 1];
        break;
      case JsonToken.Open:
        if (structure.depth > MAX_JSON_DEPTH) throw ApiErrors.jsonTooDeep();
        if (structure.depth === 2 && c === OPEN_ARRAY && key === field) {
          if (array) throw ApiErrors.validation(`${field}: given more than once`);
          inArray = true;
          arrayStart = i;
          itemStart = i + 1;
        }
        break;
      case JsonToken.Close:
        if (inArray && structure.depth === 1) {
          // `[]` has no item; `[1,]` has an empty last one, which JSON.parse refuses below
          if (spans.length || text.slice(itemStart, i).trim()) spans.push([itemStart, i]);
          inArray = false;
          array = [arrayStart, i + 1];
        }
        break;
      case JsonToken.Colon:
        if (structure.depth === 1 && lastKey) key = parseOrRefuse(text.slice(lastKey[0], lastKey[1])) as string;
        break;
      case JsonToken.Comma:
        if (structure.depth === 1) {
          key = null;
          lastKey = null;
        } else if (inArray && structure.depth === 2) {
          spans.push([itemStart, i]);
          if (spans.length > limits.maxItems) throw ApiErrors.validation(`${field}: at most ${limits.maxItems} items`);
          itemStart = i + 1;
        }
        break;
      case JsonToken.Other:
        // a character inside a string or a value: nothing to record
        break;
    }
  }
  if (spans.length > limits.maxItems) throw ApiErrors.validation(`${field}: at most ${limits.maxItems} items`);

  const skeleton = array ? `${text.slice(0, array[0])}[]${text.slice(array[1])}` : text;
  if (skeleton.length > limits.maxOtherChars) throw ApiErrors.validation(`body: only ${field} may be large`);
  const body = parseOrRefuse(skeleton);
  if (!array) return body as Record<string, unknown>;

  const items: unknown[] = [];
  for (const [from, to] of spans) {
    await slicer.pause();
    const item = text.slice(from, to);
    if (!item.trim()) throw ApiErrors.invalidJson();
    items.push(item.length > limits.maxItemChars ? undefined : parseOrRefuse(item));
  }
  return { ...(body as Record<string, unknown>), [field]: items };
}
