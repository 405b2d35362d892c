/**
 * The deepest nesting of arrays and objects a JSON body may have (ApiMessages.jsonTooDeep says the number). No route
 * takes more than a few levels; V8's JSON.parse takes seconds over megabytes of nested brackets, and any recursive
 * walk of what it returns would run out of stack, so deeper bodies are refused before they are parsed.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** What a character is to JSON's structure; everything inside a string is `Other`, but for the quote that ends it. */
export const JsonToken = { Other: 0, StringStart: 1, StringEnd: 2, Open: 3, Close: 4, Colon: 5, Comma: 6 } as const;
export type JsonToken = (typeof JsonToken)[keyof typeof JsonToken];

/**
 * JSON text's structure, one character code at a time, without parsing: whether a character opens or closes an array
 * or object (and how deep that leaves the text), begins or ends a string, or is a colon or comma between values.
 * Brackets, colons and commas inside strings are not structure. Multi-byte UTF-8 sequences hold no byte below 0x80, so
 * UTF-8 bytes can be fed as they are: every byte that counts is the ASCII character it looks like. Text that is not
 * JSON is not judged here: the parser refuses it.
 */
export class JsonStructure {
  /** Arrays and objects open after the last character fed. */
  depth = 0;
  private inString = false;
  private escaped = false;

  next(c: number): JsonToken {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (c === BACKSLASH) this.escaped = true;
      else if (c === QUOTE) {
        this.inString = false;
        return JsonToken.StringEnd;
      }
      return JsonToken.Other;
    }
    switch (c) {
      case QUOTE:
        this.inString = true;
        return JsonToken.StringStart;
      case OPEN_ARRAY:
      case OPEN_OBJECT:
        this.depth++;
        return JsonToken.Open;
      case CLOSE_ARRAY:
      case CLOSE_OBJECT:
        this.depth--;
        return JsonToken.Close;
      case COLON:
        return JsonToken.Colon;
      case COMMA:
        return JsonToken.Comma;
      default:
        return JsonToken.Other;
    }
  }
}

/**
 * Whether JSON text (UTF-8 bytes or a string) nests arrays and objects deeper than `limit`, found in one pass without
 * parsing. Stops at the first level past the limit.
 */
export function nestedDeeperThan(text: Uint8Array | string, limit = MAX_JSON_DEPTH): boolean {
  const bytes = typeof text === 'string' ? null : text;
  const chars = typeof text === 'string' ? text : null;
  const structure = new JsonStructure();
  for (let i = 0; i < text.length; i++) {
    if (structure.next(bytes ? bytes[i] : chars!.charCodeAt(i)) === JsonToken.Open && structure.depth > limit)
      return true;
  }
  return false;
}
