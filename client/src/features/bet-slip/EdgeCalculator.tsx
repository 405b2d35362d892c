import { lazy, Suspense, type ComponentProps } from 'react';
import type { EdgeCalculatorModal } from './EdgeCalculatorModal';

const LazyEdgeCalculatorModal = lazy(() =>
  import('./EdgeCalculatorModal').then((m) => ({ default: m.EdgeCalculatorModal })),
);

/**
 * The edge calculator as the pages open it: its code loads when it is first opened (from a row or a recommendation),
 * so a page's first rows never wait for it, and nothing shows until it has.
 */
export function EdgeCalculator(props: ComponentProps<typeof EdgeCalculatorModal>) {
  return (
    <Suspense fallback={null}>
      <LazyEdgeCalculatorModal {...props} />
    </Suspense>
  );
}
