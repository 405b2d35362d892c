import { useEffect, useState, type ReactNode } from 'react';
import { BottomSheet } from './BottomSheet';
import { useIsMobile } from './hooks/useMediaQuery';

/** Apply shows a loading state for about 1 s (spec 001 §4). */
const APPLY_MS = 1000;

/** The mobile bottom sheet a filter panel opens in, opened from outside the panel (its toolbar's Filters button). */
export interface FilterSheetProps {
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/** A filter panel's draft of the applied filters: it follows a new applied value and is dirty until applied. */
export function useFilterDraft<T>(applied: T) {
  const [draft, setDraft] = useState(applied);
  useEffect(() => setDraft(applied), [applied]);
  return { draft, setDraft, dirty: JSON.stringify(draft) !== JSON.stringify(applied) };
}

/**
 * The filter panel's frame (spec 001 §2, §4): edits are a draft until Apply, which shows a loading state for
 * about 1 s; Reset restores the defaults. A sidebar on desktop, a bottom sheet titled Filters on mobile.
 * `blocked` holds Apply while an input is invalid.
 */
export function FilterPanelFrame({
  dirty,
  blocked = false,
  onApply,
  onReset,
  mobileOpen,
  onMobileClose,
  children,
}: {
  dirty: boolean;
  blocked?: boolean;
  onApply: () => void;
  onReset: () => void;
  children: ReactNode;
} & FilterSheetProps) {
  const isMobile = useIsMobile();
  const [applying, setApplying] = useState(false);
  const apply = () => {
    setApplying(true);
    window.setTimeout(() => {
      onApply();
      setApplying(false);
      if (isMobile) onMobileClose();
    }, APPLY_MS);
  };
  const buttons = (
    <div className="filter-buttons">
      <button type="button" className="button" onClick={onReset}>
        Reset
      </button>
      <button type="button" className="button primary" onClick={apply} disabled={applying || blocked}>
        {applying ? 'Applying...' : 'Apply'}
      </button>
      {dirty && !applying && <span className="muted small">Changes not applied yet</span>}
    </div>
  );
  if (isMobile) {
    return (
      <BottomSheet title="Filters" open={mobileOpen} onClose={onMobileClose} footer={buttons}>
        {children}
      </BottomSheet>
    );
  }
  return (
    <aside className="filters-sidebar card" aria-label="Filters">
      <h2>Filters</h2>
      {children}
      {buttons}
    </aside>
  );
}
