import Papa from 'papaparse';
import {
  csvRowLines,
  PICK_CSV_COLUMNS,
  PICK_CSV_REQUIRED,
  readPickCsvRow,
  type PickCsvColumn,
  type PickCsvRow,
} from '@oddspulse/shared';

/**
 * The browser's side of a picks CSV import (POST /api/picks/import.csv): which of the file's columns are the export's,
 * a check of every row by the server's own row rules (shared csvRowToPick) so the user sees what will be read and what
 * refused before anything is sent, and the text to send. The server reads the file again and has the last word.
 */

/** The most rows one import takes (the server's PICKS_CSV_MAX_ROWS). */
export const CSV_IMPORT_MAX_ROWS = 5000;
/** Rows checked between two yields to the browser: a slice stays far under a frame's 16 ms (`npm run bench:picks-csv-check`). */
export const CSV_CHECK_SLICE = 250;

/** For each of the file's columns, in order, the export column it is read as, or null when it is left out. */
export type CsvMapping = Array<PickCsvColumn | null>;

/**
 * Names other trackers and spreadsheets give the export's columns; a column named as the export names it maps itself.
 * A guess the user sees and can change in the mapping.
 */
const SYNONYMS = new Map<string, PickCsvColumn>(
  Object.entries({
    date: 'date_added',
    placed: 'date_added',
    placed_at: 'date_added',
    event: 'game',
    match: 'game',
    pick: 'selection',
    bet: 'selection',
    price: 'odds',
    book: 'bookmaker',
    sportsbook: 'bookmaker',
    wager: 'stake',
    risk: 'stake',
    amount: 'stake',
    result: 'status',
    payout: 'potential_payout',
  }),
);

const normalise = (name: string) => name.trim().toLowerCase();

/**
 * The header's column names, and where the header row ends in the text (the rows start after it): at its first line
 * break, as the server counts lines (a header does not hold a quoted line break).
 */
export function readCsvHeader(text: string): { fields: string[]; end: number } {
  const bom = text.startsWith('\uFEFF') ? 1 : 0;
  const lineBreak = text.search(/\r?\n/);
  const end = lineBreak === -1 ? text.length : lineBreak;
  const fields = Papa.parse<string[]>(text.slice(bom, end)).data[0] ?? [];
  return { fields, end };
}

/** The mapping a file starts with: the export's own names map themselves, the usual other names their column. */
export function guessMapping(fields: readonly string[]): CsvMapping {
  const taken = new Set<PickCsvColumn>();
  return fields.map((field) => {
    const name = normalise(field).replace(/[\s-]+/g, '_');
    const column = (PICK_CSV_COLUMNS as readonly string[]).includes(name)
      ? (name as PickCsvColumn)
      : (SYNONYMS.get(name) ?? null);
    if (!column || taken.has(column)) return null;
    taken.add(column);
    return column;
  });
}

/** Maps the file's column `index` to `column` (null: left out); a column another one was read as is left out there. */
export function setMapping(mapping: CsvMapping, index: number, column: PickCsvColumn | null): CsvMapping {
  return mapping.map((current, i) => (i === index ? column : column !== null && current === column ? null : current));
}

/** The required columns no file column is read as: the import refuses the file without them. */
export function missingColumns(mapping: CsvMapping): PickCsvColumn[] {
  return PICK_CSV_REQUIRED.filter((column) => !mapping.includes(column));
}

/**
 * The file as the import reads it under `mapping`: only the header row is rewritten, to the export's names (a column
 * left out gets a name the import ignores), so every row keeps its line number in the server's answer.
 */
export function applyMapping(text: string, mapping: CsvMapping): string {
  const { end } = readCsvHeader(text);
  const names = mapping.map((column, i) => column ?? `unused_${i + 1}`);
  const rest = text.slice(end);
  return Papa.unparse([names], { newline: '\r\n' }) + (rest && !/^\r?\n/.test(rest) ? '\r\n' : '') + rest;
}

export interface CsvLineProblem {
  line: number;
  message: string;
}

/** One data row of the file: its line, its values by export column, and the pick it reads as, if it does. */
export interface CheckedRow extends Omit<PickCsvRow, 'problems'> {
  line: number;
}

export interface CsvCheck {
  rows: CheckedRow[];
  /** Problems of the file as a whole (line 1) or of each refused row, as the server words them. */
  problems: CsvLineProblem[];
  readable: number;
}

/** Gives the browser its turn (input, paint) between two slices of work. */
export const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Checks every row of a mapped file (applyMapping) as the import will: each readable row's pick, each refused row's
 * problems named by its line as the server counts them ("line 14: odds '+1x0' is not American odds"; the header is
 * line 1, a quoted value over several lines moves the lines after it, blank lines are skipped but counted), and the
 * file's own problems (required columns missing, no rows, too many). papaparse reads the rows one at a time and is
 * paused every CSV_CHECK_SLICE rows for a yield, so a 5,000-row file keeps the page responsive; `onProgress` hears the
 * share of the text read so far. Stops at the next pause once `signal` aborts.
 */
export function checkPicksCsv(
  text: string,
  options: {
    onProgress?: (checked: number, total: number) => void;
    signal?: AbortSignal;
    pause?: () => Promise<void>;
  } = {},
): Promise<CsvCheck> {
  const pause = options.pause ?? yieldToBrowser;
  const body = text.replace(/^\uFEFF/, '');
  const fields = readCsvHeader(body).fields.map(normalise);
  const missing = PICK_CSV_REQUIRED.filter((column) => !fields.includes(column));
  if (missing.length)
    return Promise.resolve({
      rows: [],
      problems: [{ line: 1, message: `the header has no ${missing.join(', ')} column` }],
      readable: 0,
    });

  const rows: CheckedRow[] = [];
  const problems: CsvLineProblem[] = [];
  let count = 0;
  const lineAt = csvRowLines(body);
  // papaparse counts its cursor from where it was last resumed
  let base = 0;
  let last = 0;
  return new Promise<CsvCheck>((resolve, reject) => {
    Papa.parse<Record<string, string>>(body, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: normalise,
      step: (result, parser) => {
        const end = base + result.meta.cursor;
        last = end;
        const at = lineAt(end);
        count += 1;
        if (count > CSV_IMPORT_MAX_ROWS) return;
        const row = readPickCsvRow(result.data, result.errors);
        if (row.problems.length) problems.push({ line: at, message: row.problems.join('; ') });
        rows.push({ line: at, values: row.values, pick: row.pick });
        if (count % CSV_CHECK_SLICE) return;
        options.onProgress?.(end, body.length);
        parser.pause();
        base = last;
        pause()
          .then(() => {
            options.signal?.throwIfAborted();
            parser.resume();
          })
          .catch((error: unknown) => {
            parser.abort();
            reject(error);
          });
      },
      complete: () => {
        if (options.signal?.aborted) return;
        options.onProgress?.(body.length, body.length);
        if (count > CSV_IMPORT_MAX_ROWS) {
          resolve({
            rows: [],
            problems: [
              { line: 1, message: `the file has ${count} rows: at most ${CSV_IMPORT_MAX_ROWS} are imported at once` },
            ],
            readable: 0,
          });
        } else if (!count) {
          resolve({ rows: [], problems: [{ line: 1, message: 'the file has no picks' }], readable: 0 });
        } else {
          resolve({ rows, problems, readable: rows.filter((row) => row.pick !== null).length });
        }
      },
    });
  });
}

/**
 * A file of only the readable rows of a check, under the export's column names: what "import the readable rows"
 * sends, leaving the refused lines out. Values go as the file wrote them; the server reads and keys them the same way,
 * so importing them again later adds nothing.
 */
export function readableRowsCsv(check: CsvCheck): string {
  const data = check.rows
    .filter((row) => row.pick !== null)
    .map((row) => PICK_CSV_COLUMNS.map((column) => row.values[column] ?? ''));
  return Papa.unparse({ fields: [...PICK_CSV_COLUMNS], data }, { newline: '\r\n' });
}
