import { lazy, Suspense, useState } from 'react';

// The dialog brings papaparse: /picks loads it only when the user opens an import.
const PicksCsvImportDialog = lazy(() => import('./PicksCsvImportDialog'));

/** "Import CSV" on /picks: opens the import dialog. */
export function PicksCsvImport() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Import CSV
      </button>
      {open && (
        <Suspense fallback={<div className="spinner" role="status" aria-label="Loading the import" />}>
          <PicksCsvImportDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
