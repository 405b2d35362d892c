/** The page's loading state: a spinner with what is loading, announced politely. */
export function Spinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="route-spinner" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
