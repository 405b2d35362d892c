/**
 * The longest record (a row, its quoted line breaks included) a picks file may have: a pick at its largest, every value
 * quoted and every character a doubled quote, is under 6,000 characters. A longer record is refused unparsed.
 */
export const CSV_MAX_RECORD_CHARS = 16_384;

/** Characters scanned between two offers to give the event loop back (CsvRecords yields `pending`). */
const CHECK_EVERY = 1 << 16;

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

/** One record of a CSV text, found without parsing it. */
export type CsvRecord =
  /** A record to parse: its text (without its line break), its first line, and how many values it has. */
  | { kind: 'record'; line: number; text: string; fields: number }
  /** A record refused before parsing (longer than the limit, more values than allowed, a quote never closed). */
  | { kind: 'refused'; line: number; problem: string }
  /** Nothing found yet: the caller may give the event loop back before asking for more. */
  | { kind: 'pending' };

/**
 * Finds the records of a CSV text (RFC 4180: a line break inside a quoted value belongs to it; CRLF or LF ends a
 * record) in one pass over its characters, counting each record's values and length without parsing it, so the parser
 * is only ever handed a record within `maxFields` values and CSV_MAX_RECORD_CHARS characters: one record of megabytes of
 * commas, a quote never closed or a million short lines costs a scan, never a parse. Lines are counted from `line` at
 * `start` (a quoted line break moves the lines after it). Each record is one `next()`; every CHECK_EVERY characters
 * without a record end it answers `pending`, so a caller can give the event loop back inside a long record too.
 */
export class CsvRecords {
  private at: number;
  private line: number;
  // the record being scanned
  private start: number;
  private startLine: number;
  private fields = 1;
  private inQuotes = false;
  private refused: string | null = null;
  /** Whether the record has anything but blanks and commas: one that has not is skipped, its lines counted. */
  private content = false;

  constructor(
    private readonly text: string,
    private readonly maxFields: number,
    start = 0,
    line = 1,
  ) {
    this.at = start;
    this.start = start;
    this.line = line;
    this.startLine = line;
  }

  /** Where the next record starts, and its line: a second scan can go on from there (the header's, the rows'). */
  get position(): number {
    return this.start;
  }

  get lineNow(): number {
    return this.startLine;
  }

  /** The next record (blank ones skipped), `pending` after a stretch of scanning, or null at the end of the text. */
  next(): CsvRecord | null {
    const { text } = this;
    const stop = Math.min(text.length, this.at + CHECK_EVERY);
    for (let i = this.at; i < stop; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        this.inQuotes = !this.inQuotes;
        this.content = true;
      } else if (c === LF) {
        this.line++;
        if (!this.inQuotes) {
          const record = this.end(i, i + 1);
          if (record) return record;
        }
      } else if (c === COMMA) {
        if (!this.inQuotes && this.refused === null && ++this.fields > this.maxFields)
          this.refused = `it has more than ${this.maxFields} values, the header's columns`;
      } else if (c > 0x20) this.content = true;
      if (this.refused === null && i - this.start >= CSV_MAX_RECORD_CHARS)
        this.refused = this.inQuotes
          ? `a quoted value runs on past ${CSV_MAX_RECORD_CHARS} characters (is a closing quote missing?)`
          : `it is longer than ${CSV_MAX_RECORD_CHARS} characters`;
    }
    this.at = stop;
    if (stop < text.length) return { kind: 'pending' };
    if (this.start >= text.length) return null;
    if (this.inQuotes && this.refused === null) this.refused = 'a quoted value is never closed';
    return this.end(text.length, text.length);
  }

  /**
   * Ends the record from its start to `end` (its line break excluded), the next one starting at `next`: the record, or
   * null for one of nothing but blanks and commas, which is skipped.
   */
  private end(end: number, next: number): CsvRecord | null {
    const { start, startLine, fields, refused, content } = this;
    this.at = next;
    this.start = next;
    this.startLine = this.line;
    this.fields = 1;
    this.inQuotes = false;
    this.refused = null;
    this.content = false;
    if (refused !== null) return { kind: 'refused', line: startLine, problem: refused };
    if (!content) return null;
    const stop = end > start && this.text.charCodeAt(end - 1) === CR ? end - 1 : end;
    return { kind: 'record', line: startLine, text: this.text.slice(start, stop), fields };
  }
}
