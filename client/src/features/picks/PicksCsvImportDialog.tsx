import { PICK_CSV_COLUMNS, PICK_CSV_REQUIRED, type PickCsvColumn } from '@oddspulse/shared';
import Papa from 'papaparse';
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { ApiError, apiErrorText } from '../../api/api-client';
import { Modal } from '../../ui/Modal';
import { ValueOptions } from '../../ui/ValueSelect';
import { useImportPicksCsv, type CsvImportAnswer } from './picks-api';
import {
  applyMapping,
  checkPicksCsv,
  guessMapping,
  missingColumns,
  readableRowsCsv,
  readCsvHeader,
  setMapping,
  type CsvCheck,
  type CsvLineProblem,
  type CsvMapping,
} from './picks-csv-import';

const PREVIEW_ROWS = 5;
/** Refused lines listed before "and N more": enough to see what is wrong with a file. */
const LISTED_PROBLEMS = 50;

interface ChosenFile {
  name: string;
  text: string;
  fields: string[];
  preview: string[][];
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** The first LISTED_PROBLEMS of the problems, and how many more there are (`more`: ones the server did not list). */
function ProblemList({
  problems,
  more = 0,
  testId,
}: {
  problems: readonly CsvLineProblem[];
  more?: number;
  testId: string;
}) {
  const unlisted = Math.max(0, problems.length - LISTED_PROBLEMS) + more;
  return (
    <ul className="csv-problems small" data-testid={testId}>
      {problems.slice(0, LISTED_PROBLEMS).map((p) => (
        <li key={`${p.line}:${p.message}`}>{`line ${p.line}: ${p.message}`}</li>
      ))}
      {unlisted > 0 && <li className="muted">and {plural(unlisted, 'more line')}</li>}
    </ul>
  );
}

/** What an import came to: the server's counts, with the lines left out; or, refused, each bad line and nothing added. */
function ImportOutcome({
  result,
  leftOut,
  error,
}: {
  result?: CsvImportAnswer;
  leftOut: readonly CsvLineProblem[];
  error: Error | null;
}) {
  if (error) {
    const refusal =
      error instanceof ApiError && error.code === 'CSV_INVALID'
        ? (error.body as { errors?: CsvLineProblem[]; more?: number })
        : undefined;
    const lines = refusal?.errors;
    const more = refusal?.more ?? 0;
    return (
      <div className="banner banner-error" role="alert" data-testid="csv-import-result">
        {lines ? (
          <>
            <p>Nothing was imported: the file has {plural(lines.length + more, 'bad line')}.</p>
            <ProblemList problems={lines} more={more} testId="csv-import-errors" />
          </>
        ) : (
          <p>{apiErrorText(error, 'The import failed; nothing was imported')}</p>
        )}
      </div>
    );
  }
  if (!result) return null;
  return (
    <div className="banner banner-success" role="status" data-testid="csv-import-result">
      <p>
        Imported {plural(result.added, 'pick')}.
        {result.duplicates > 0 &&
          ` ${plural(result.duplicates, 'row')} ${result.duplicates === 1 ? 'was' : 'were'} already in My Picks and not added again.`}
      </p>
      {leftOut.length > 0 && (
        <>
          <p>Not imported:</p>
          <ProblemList problems={leftOut} testId="csv-import-left-out" />
        </>
      )}
    </div>
  );
}

/**
 * The file's rows checked as the server will read them, under the mapping chosen, off the main thread's long stretches
 * (checkPicksCsv yields as it goes): its progress while it runs, and what it found. A new file or mapping starts over.
 */
function useCsvCheck(file: ChosenFile | null, mapping: CsvMapping, incomplete: boolean) {
  const [check, setCheck] = useState<CsvCheck | null>(null);
  const [progress, setProgress] = useState<{ checked: number; total: number } | null>(null);
  const [checkError, setCheckError] = useState('');
  useEffect(() => {
    setCheck(null);
    setCheckError('');
    if (!file || incomplete) return;
    const controller = new AbortController();
    setProgress({ checked: 0, total: 0 });
    checkPicksCsv(applyMapping(file.text, mapping), {
      signal: controller.signal,
      onProgress: (checked, total) => setProgress({ checked, total }),
    })
      .then((done) => {
        setCheck(done);
        setProgress(null);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setProgress(null);
        setCheckError(error instanceof Error ? error.message : String(error));
      });
    return () => controller.abort();
  }, [file, mapping, incomplete]);
  return { check, progress, checkError };
}

/** The file's first rows under the columns it names, each column's choice of what it is read as, and each row's reading. */
function CsvPreview({
  file,
  mapping,
  check,
  disabled,
  onMap,
}: {
  file: ChosenFile;
  mapping: CsvMapping;
  check: CsvCheck | null;
  disabled: boolean;
  onMap: (column: number, to: PickCsvColumn | null) => void;
}) {
  return (
    <div className="csv-preview-wrap">
      <table className="csv-preview small" data-testid="csv-preview" aria-label={`First rows of ${file.name}`}>
        <thead>
          <tr>
            <th scope="col">Line</th>
            {file.fields.map((field, i) => (
              <th scope="col" key={`${field}-${i}`}>
                <span className="csv-field">{field || `column ${i + 1}`}</span>
                <select
                  aria-label={`Read ${field || `column ${i + 1}`} as`}
                  value={mapping[i] ?? ''}
                  onChange={(e) => onMap(i, (e.target.value || null) as PickCsvColumn | null)}
                  disabled={disabled}
                >
                  <option value="">(not imported)</option>
                  <ValueOptions values={PICK_CSV_COLUMNS} />
                </select>
              </th>
            ))}
            <th scope="col">Read as</th>
          </tr>
        </thead>
        <tbody>
          {file.preview.map((values, row) => {
            const checked = check?.rows[row];
            const problem = checked && check.problems.find((p) => p.line === checked.line);
            return (
              <tr key={row} className={problem ? 'csv-refused' : undefined}>
                <td>{checked?.line ?? ''}</td>
                {file.fields.map((_, i) => (
                  <td key={i} className={mapping[i] ? undefined : 'muted'}>
                    {values[i] ?? ''}
                  </td>
                ))}
                <td>{checked ? (problem ? `Refused: ${problem.message}` : 'A pick') : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The file chosen, read: its name, its text, the columns its header names and its first rows; or why it could not be
 * read. Its columns' mapping starts as guessed from the header, and changes a column at a time (`mapColumn`).
 * `onChoose` hears each new choice before it is read.
 */
function useChosenCsv(onChoose: () => void) {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [readError, setReadError] = useState('');
  const [mapping, setMappingState] = useState<CsvMapping>([]);
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    onChoose();
    setReadError('');
    if (!chosen) return;
    try {
      const text = await chosen.text();
      const { fields } = readCsvHeader(text);
      const preview = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
        preview: PREVIEW_ROWS + 1,
        skipEmptyLines: 'greedy',
      }).data.slice(1);
      setMappingState(guessMapping(fields));
      setFile({ name: chosen.name, text, fields, preview });
    } catch (error) {
      setFile(null);
      setReadError(`${chosen.name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const mapColumn = (column: number, to: PickCsvColumn | null) => setMappingState(setMapping(mapping, column, to));
  return { file, readError, mapping, mapColumn, choose };
}

/**
 * The check as it runs (its progress), then what it found: a file it cannot read at all, or the rows it will import
 * and the lines it will leave out.
 */
function CsvCheckSummary({
  progress,
  check,
  fileProblems,
  rowProblems,
}: {
  progress: { checked: number; total: number } | null;
  check: CsvCheck | null;
  /** Line 1's problems when no row could be read: the file itself is refused. */
  fileProblems: readonly CsvLineProblem[];
  /** The lines the import will leave out. */
  rowProblems: readonly CsvLineProblem[];
}) {
  return (
    <>
      {progress && (
        <p className="small">
          <progress max={progress.total || 1} value={progress.checked} aria-label="Checking the rows" /> Checking the
          rows: {progress.total ? Math.floor((progress.checked / progress.total) * 100) : 0}%
        </p>
      )}
      {check && fileProblems.length > 0 && (
        <div className="banner banner-error" role="alert">
          <ProblemList problems={fileProblems} testId="csv-check-problems" />
        </div>
      )}
      {check && !fileProblems.length && (
        <div className="csv-summary" data-testid="csv-check">
          <p>
            {plural(check.readable, 'row')} will be imported
            {rowProblems.length > 0 && `; ${plural(rowProblems.length, 'line')} will be left out`}.
          </p>
          {rowProblems.length > 0 && <ProblemList problems={rowProblems} testId="csv-check-problems" />}
        </div>
      )}
    </>
  );
}

/**
 * The import dialog: choose a file, map its columns to the export's (the export's own map themselves), see the first
 * rows and what each will be read as, every refused line in the server's words, then import; while the server works a
 * progress bar, after it the counts. Importing a file twice adds nothing (the server keys each row).
 */
export default function PicksCsvImportDialog({ onClose }: { onClose: () => void }) {
  const inputId = useId();
  const importing = useImportPicksCsv();
  const { file, readError, mapping, mapColumn, choose } = useChosenCsv(() => importing.reset());
  const [leftOut, setLeftOut] = useState<CsvLineProblem[]>([]);
  const missing = useMemo(() => missingColumns(mapping), [mapping]);
  const { check, progress, checkError } = useCsvCheck(file, mapping, missing.length > 0);

  const send = (csv: string, refused: CsvLineProblem[]) => {
    setLeftOut(refused);
    importing.mutate(csv);
  };
  const fileProblems = check?.problems.filter((p) => p.line === 1 && check.rows.length === 0) ?? [];
  const rowProblems = check && !fileProblems.length ? check.problems : [];

  return (
    <Modal title="Import picks from CSV" onClose={importing.isPending ? undefined : onClose} testId="csv-import">
      <p className="muted small">
        The export&apos;s columns are read as they are; a file from another tracker needs at least{' '}
        {PICK_CSV_REQUIRED.join(', ')}. Rows you already have are not added again.
      </p>
      <label htmlFor={inputId} className="csv-file">
        CSV file
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          onChange={(e) => void choose(e)}
          disabled={importing.isPending}
        />
      </label>
      {(readError || checkError) && (
        <p className="form-error small" role="alert">
          {readError || checkError}
        </p>
      )}

      {file && (
        <CsvPreview file={file} mapping={mapping} check={check} disabled={importing.isPending} onMap={mapColumn} />
      )}

      {file && missing.length > 0 && (
        <p className="form-error small" role="alert" data-testid="csv-missing-columns">
          Choose the file&apos;s column for {missing.join(', ')}: an import needs them.
        </p>
      )}
      <CsvCheckSummary progress={progress} check={check} fileProblems={fileProblems} rowProblems={rowProblems} />

      {importing.isPending && (
        <p className="small" data-testid="csv-importing">
          <progress aria-label="Importing" /> Importing {plural(check?.readable ?? 0, 'pick')}...
        </p>
      )}
      <ImportOutcome result={importing.data} leftOut={leftOut} error={importing.error} />

      <div className="csv-actions">
        {file && check && check.readable > 0 && !importing.isSuccess && (
          <button
            type="button"
            className="button primary"
            disabled={importing.isPending}
            onClick={() =>
              rowProblems.length
                ? send(readableRowsCsv(check), rowProblems)
                : send(applyMapping(file.text, mapping), [])
            }
          >
            {rowProblems.length
              ? `Import the ${plural(check.readable, 'readable row')}`
              : `Import ${plural(check.readable, 'pick')}`}
          </button>
        )}
        <button type="button" className="button" onClick={onClose} disabled={importing.isPending}>
          {importing.isSuccess ? 'Done' : 'Cancel'}
        </button>
      </div>
    </Modal>
  );
}
