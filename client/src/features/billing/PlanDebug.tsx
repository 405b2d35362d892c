import { useSearchParams } from 'react-router-dom';

/** `?debug` shows the plan record the page decided on (spec 000 §2: debug is a supported query). */
export function PlanDebug({ info }: { info: unknown }) {
  const [params] = useSearchParams();
  if (!params.has('debug')) return null;
  return (
    <pre className="card small" data-testid="subscribe-debug">
      {JSON.stringify(info, null, 2)}
    </pre>
  );
}
