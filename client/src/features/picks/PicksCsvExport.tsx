import { apiErrorText } from '../../api/api-client';
import { useExportPicksCsv } from './picks-api';
import type { PickFilters } from './PicksFilters';

/** Hands the browser a text as a file to save. */
function saveFile(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // the browser reads the file from the URL after the click returns: freed once it surely has
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Export CSV": the picks the filters select, as GET /api/picks/export.csv writes them, saved as a file. */
export function PicksCsvExport({ filters }: { filters: PickFilters }) {
  const exporting = useExportPicksCsv();
  const run = () =>
    exporting.mutate(filters, {
      onSuccess: (csv) =>
        saveFile(csv, `oddspulse-picks-${filters.period}-${new Date().toISOString().slice(0, 10)}.csv`),
    });
  return (
    <>
      <button type="button" className="button" onClick={run} disabled={exporting.isPending}>
        {exporting.isPending ? 'Exporting...' : 'Export CSV'}
      </button>
      {exporting.error && (
        <span className="form-error small" role="alert">
          {apiErrorText(exporting.error, 'The export failed')}
        </span>
      )}
    </>
  );
}
