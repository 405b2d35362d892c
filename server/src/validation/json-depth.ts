/**
 * The deepest nesting of arrays and objects a JSON body may have (ApiMessages.jsonTooDeep says the number). No route
 * takes more than a few levels; V8's JSON.parse takes seconds over megabytes of nested brackets, and any recursive
 * walk of what it returns would run out of stack, so deeper bodies are refused before they are parsed.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text (UTF-8 bytes or a string) nests arrays and objects deeper than `limit`, found in one pass without
 * parsing (brackets inside strings do not count). Stops at the first level past the limit. Text that is not JSON is
 * not judged here: the parser refuses it.
 */
export function nestedDeeperThan(text: Uint8Array | string, limit = MAX_JSON_DEPTH): boolean {
  const bytes = typeof text === 'string' ? null : text;
  const chars = typeof text === 'string' ? text : null;
  const length = text.length;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < length; i++) {
    // Multi-byte UTF-8 sequences hold no byte below 0x80, so every byte tested here is the ASCII character it looks like.
    const c = bytes ? bytes[i] : chars!.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}
