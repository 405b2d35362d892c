import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { Slicer } from '../validation/sliced-json';
import {
  CSV_ESCAPED_VALUE,
  CsvRecords,
  type CsvParseError,
  PICK_CSV_COLUMNS,
  PICK_CSV_REQUIRED,
  readPickCsvRow,
  type CsvPick,
  type PickCsvColumn,
} from '@oddspulse/shared';

/** The most rows one import takes: the browser list's limit, and the benchmark's figure. */
export const PICKS_CSV_MAX_ROWS = 5000;

/** The header line of the picks CSV: PICK_CSV_COLUMNS, comma-separated. */
export function picksCsvHeader(): string {
  return Papa.unparse([[...PICK_CSV_COLUMNS]]);
}

/**
 * Picks as CSV rows under picksCsvHeader, CRLF between them (RFC 4180), no header and no final line break: an export is
 * its header and these, a slice at a time. A value a spreadsheet would run as a formula is written with a leading
 * apostrophe (CSV_ESCAPED_VALUE).
 */
export function writePicksCsvRows(rows: ReadonlyArray<Record<PickCsvColumn, string>>): string {
  return Papa.unparse(
    { fields: [...PICK_CSV_COLUMNS], data: rows.map((row) => PICK_CSV_COLUMNS.map((column) => row[column])) },
    { escapeFormulae: CSV_ESCAPED_VALUE, newline: '\r\n', header: false },
  );
}

export interface CsvLineError {
  line: number;
  message: string;
}

/** The bad lines an import names: its first ones, and how many more there are. */
export const CSV_LISTED_ERRORS = 100;
/** Columns a header may have: the export's (PICK_CSV_COLUMNS) and room for those a file from another tracker adds. */
export const CSV_MAX_COLUMNS = 64;

/** A readable row: its pick, its line in the file, and the key that makes importing it twice a no-op. */
export interface CsvImportRow {
  line: number;
  key: string;
  pick: CsvPick;
}

/** What an import file reads as: its readable rows, and its problems (at most CSV_LISTED_ERRORS listed, `more` not). */
export interface CsvRead {
  rows: CsvImportRow[];
  errors: CsvLineError[];
  /** Bad lines past the listed ones. */
  more: number;
}

/**
 * Reads an import file: every row's pick, or its problems named by their line in the file (the header is line 1; a
 * quoted value over several lines moves the lines after it). Columns are the export's (PICK_CSV_COLUMNS, any order,
 * any case); unknown columns are ignored. A row without an `id` is keyed by what it says (its date, game, market,
 * selection, odds and stake), so the same file imported twice adds nothing.
 *
 * No shape of file holds the event loop: CsvRecords finds each record in one scan without parsing it, refusing one
 * longer than CSV_MAX_RECORD_CHARS or with more values than the header has columns, and papaparse reads each record
 * alone; rows are counted as they come and reading stops at the first past PICKS_CSV_MAX_ROWS; problems are listed as
 * they are found, the first CSV_LISTED_ERRORS and a count of the rest. The loop is given back every slice (SLICE_MS).
 */
export async function readPicksCsv(text: string): Promise<CsvRead> {
  const body = text.replace(/^\uFEFF/, '');
  const fileProblem = (message: string): CsvRead => ({ rows: [], errors: [{ line: 1, message }], more: 0 });
  const slicer = new Slicer();
  const headerRecords = new CsvRecords(body, CSV_MAX_COLUMNS);
  let header = headerRecords.next();
  while (header?.kind === 'pending') {
    await slicer.pause();
    header = headerRecords.next();
  }
  if (header?.kind === 'refused') return fileProblem(`the header is not readable: ${header.problem}`);
  const fields =
    header?.kind === 'record' ? parseRecord(header.text).values.map((name) => name.trim().toLowerCase()) : [];
  const missing = PICK_CSV_REQUIRED.filter((column) => !fields.includes(column));
  if (missing.length) return fileProblem(`the header has no ${missing.join(', ')} column`);

  const rows: CsvImportRow[] = [];
  const errors: CsvLineError[] = [];
  let more = 0;
  const problem = (line: number, message: string) => {
    if (errors.length < CSV_LISTED_ERRORS) errors.push({ line, message });
    else more += 1;
  };
  const records = new CsvRecords(body, fields.length, headerRecords.position, headerRecords.lineNow);
  let count = 0;
  for (let record = records.next(); record; record = records.next()) {
    if (slicer.due) await slicer.pause();
    if (record.kind === 'pending') continue;
    if (++count > PICKS_CSV_MAX_ROWS)
      return fileProblem(
        `the file has more than ${PICKS_CSV_MAX_ROWS} rows: at most ${PICKS_CSV_MAX_ROWS} are imported at once`,
      );
    if (record.kind === 'refused') {
      problem(record.line, record.problem);
      continue;
    }
    const parsed = parseRecord(record.text);
    const data = Object.fromEntries(fields.map((name, i) => [name, parsed.values[i] ?? '']));
    const { pick, problems } = readPickCsvRow(data, parsed.errors);
    if (pick) rows.push({ line: record.line, key: pick.id ?? contentKey(pick, 'csv'), pick });
    else problem(record.line, problems.join('; '));
  }
  if (!count) return fileProblem('the file has no picks');
  return { rows, errors, more };
}

/** One record's values and papaparse's complaints about them (a stray quote), the record being within the limits. */
function parseRecord(record: string): { values: string[]; errors: CsvParseError[] } {
  const result = Papa.parse<string[]>(record, { newline: '\n' });
  return { values: result.data[0] ?? [], errors: result.errors };
}

/**
 * The import key of a pick that came without an id, from a CSV file or a browser list (`source`): what the pick says
 * (its date, game, market, selection, odds and stake), so importing it again adds nothing.
 */
export function contentKey(
  pick: Pick<CsvPick, 'game' | 'market' | 'selection' | 'odds' | 'stakeCents'> & { dateAdded?: string },
  source: 'csv' | 'local',
): string {
  const content = [pick.dateAdded, pick.game, pick.market, pick.selection, pick.odds, pick.stakeCents].join('\u0000');
  return `${source}:${createHash('sha256').update(content).digest('hex').slice(0, 32)}`;
}
