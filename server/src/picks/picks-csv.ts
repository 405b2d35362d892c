import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { Slicer } from '../validation/sliced-json';
import {
  csvRowLines,
  PICK_CSV_COLUMNS,
  PICK_CSV_REQUIRED,
  readPickCsvRow,
  type CsvPick,
  type PickCsvColumn,
} from '@oddspulse/shared';

/** The most rows one import takes: the browser list's limit, and the benchmark's figure. */
export const PICKS_CSV_MAX_ROWS = 5000;

/**
 * A value a spreadsheet would run as a formula ("=HYPERLINK(…)", "@SUM", "+cmd|…") is written with a leading
 * apostrophe, which spreadsheets show as text; American odds and other numbers ("+150", "-3.5") are not formulas.
 */
const FORMULA = /^[=@\t\r]|^[+-](?![\d.]+$)/;

/** The picks as CSV text: a header of PICK_CSV_COLUMNS, one row per pick, CRLF line ends (RFC 4180). */
export function writePicksCsv(rows: ReadonlyArray<Record<PickCsvColumn, string>>): string {
  return Papa.unparse(
    { fields: [...PICK_CSV_COLUMNS], data: rows.map((row) => PICK_CSV_COLUMNS.map((column) => row[column])) },
    { escapeFormulae: FORMULA, newline: '\r\n' },
  );
}

export interface CsvLineError {
  line: number;
  message: string;
}

/** A readable row: its pick, its line in the file, and the key that makes importing it twice a no-op. */
export interface CsvImportRow {
  line: number;
  key: string;
  pick: CsvPick;
}

/**
 * Reads an import file: every row's pick, or every problem named by its line in the file (the header is line 1; a
 * quoted value over several lines moves the lines after it). Columns are the export's (PICK_CSV_COLUMNS, any order,
 * any case); unknown columns are ignored. A row without an `id` is keyed by what it says (its date, game, market,
 * selection, odds and stake), so the same file imported twice adds nothing. The event loop is given back every slice
 * (SLICE_MS): reading 5,000 rows takes 150 ms and more.
 */
export async function readPicksCsv(text: string): Promise<{ rows: CsvImportRow[]; errors: CsvLineError[] }> {
  const errors: CsvLineError[] = [];
  const rows: CsvImportRow[] = [];
  const body = text.replace(/^\uFEFF/, '');
  let records = 0;
  const transformHeader = (name: string) => name.trim().toLowerCase();
  const header = Papa.parse(body, { header: true, preview: 1, transformHeader }).meta.fields ?? [];
  const missing = PICK_CSV_REQUIRED.filter((column) => !header.includes(column));
  if (missing.length)
    return { rows: [], errors: [{ line: 1, message: `the header has no ${missing.join(', ')} column` }] };
  const lineAt = csvRowLines(body);
  const slicer = new Slicer();
  // a paused parser goes on with the rest of the text: its cursors count from where it paused
  let resumedAt = 0;
  await new Promise<void>((resolve, reject) => {
    Papa.parse<Record<string, string>>(body, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader,
      complete: () => resolve(),
      step: (result, parser) => {
        const end = resumedAt + result.meta.cursor;
        const at = lineAt(end);
        records += 1;
        if (records <= PICKS_CSV_MAX_ROWS) readRow(result, at);
        if (slicer.due) {
          parser.pause();
          resumedAt = end;
          slicer.pause().then(() => parser.resume(), reject);
        }
      },
    });
  });
  if (records > PICKS_CSV_MAX_ROWS) {
    return {
      rows: [],
      errors: [
        { line: 1, message: `the file has ${records} rows: at most ${PICKS_CSV_MAX_ROWS} are imported at once` },
      ],
    };
  }
  if (!records) return { rows: [], errors: [{ line: 1, message: 'the file has no picks' }] };
  return { rows, errors };

  function readRow(result: Papa.ParseStepResult<Record<string, string>>, at: number): void {
    const { pick, problems } = readPickCsvRow(result.data, result.errors);
    if (!pick) {
      errors.push({ line: at, message: problems.join('; ') });
      return;
    }
    rows.push({ line: at, key: pick.id ?? contentKey(pick), pick });
  }
}

function contentKey(pick: CsvPick): string {
  const content = [pick.dateAdded, pick.game, pick.market, pick.selection, pick.odds, pick.stakeCents].join('\u0000');
  return `csv:${createHash('sha256').update(content).digest('hex').slice(0, 32)}`;
}
