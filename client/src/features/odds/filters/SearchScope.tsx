import type { Sport } from '@oddspulse/shared';

/** A search that matches teams of sports outside the filter says which sports it searched, and offers them all. */
export function SearchScope({
  searched,
  sports,
  onSearchAll,
}: {
  searched: readonly string[];
  sports: readonly Sport[];
  onSearchAll: () => void;
}) {
  return (
    <p className="muted small search-scope" data-testid="search-scope">
      Searching {searched.map((key) => sports.find((s) => s.key === key)?.title ?? key).join(', ')} only.{' '}
      <button type="button" className="link-button" onClick={onSearchAll}>
        Search all sports
      </button>
    </p>
  );
}
