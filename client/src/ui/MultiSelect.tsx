import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { BottomSheet } from './BottomSheet';
import { useIsMobile } from './hooks/useMediaQuery';
import { SearchInput } from './SearchInput';
import { selectionSummary, type Option } from './selection-summary';

/** The options a MultiSelect offers, the selection, and what changes them. */
interface MultiSelectList {
  label: string;
  options: readonly Option[];
  selected: readonly string[];
  onChange: (values: string[]) => void;
  categories?: ReadonlyArray<{ label: string; values: readonly string[] }>;
  favorites?: readonly string[];
  onToggleFavorite?: (value: string) => void;
}

/**
 * The multi-select dropdown of spec 001 §2 (sports, markets or sportsbooks): search, select all, categories, a favourites
 * star for sportsbooks; on mobile a bottom sheet (Escape, backdrop, a 90 px swipe, Done). On desktop the panel takes the
 * focus and closes on Escape or Done, giving it back to its button (the dropdowns ignored Escape).
 */
export function MultiSelect({
  noneMeans = 'None',
  ...list
}: MultiSelectList & {
  /** What an empty selection stands for: "None", or "All" where no filter means every option (the books). */
  noneMeans?: string;
}) {
  const { label, options, selected } = list;
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    trigger.current?.focus();
  }, []);
  const onPanelKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') close();
  };
  const [search, setSearch] = useState('');
  const isMobile = useIsMobile();
  const id = useId();
  const summary = selectionSummary(selected, options, noneMeans);

  const contents = <MultiSelectContent {...list} search={search} onSearch={setSearch} autoFocus={!isMobile} />;
  const done = (
    <button type="button" className="button small primary" onClick={close}>
      Done
    </button>
  );

  return (
    <div className="multi-select">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={trigger}
        type="button"
        className="multi-select-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        id={`${id}-button`}
        // named by its label and then what it shows (WCAG 2.5.3: the visible text is part of the name)
        aria-labelledby={`${id}-label ${id}-button`}
        onClick={() => setOpen((o) => !o)}
      >
        {summary}
      </button>
      {open && !isMobile && (
        <div className="multi-select-panel" role="dialog" aria-label={label} onKeyDown={onPanelKey}>
          {contents}
          {done}
        </div>
      )}
      {isMobile && (
        <BottomSheet title={label} open={open} onClose={close} footer={done}>
          {contents}
        </BottomSheet>
      )}
    </div>
  );
}

/**
 * What the dropdown or the sheet holds: the search (kept by the MultiSelect, so it outlives a close), select or clear
 * all, a category's shortcut, and the options that match the search, favourites first, each with its star.
 */
function MultiSelectContent({
  label,
  options,
  selected,
  onChange,
  categories,
  favorites,
  onToggleFavorite,
  search,
  onSearch,
  autoFocus,
}: MultiSelectList & { search: string; onSearch: (text: string) => void; autoFocus: boolean }) {
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const list = needle
      ? options.filter((o) => o.label.toLowerCase().includes(needle) || o.value.includes(needle))
      : [...options];
    // Favourites first (spec 001 §2).
    if (favorites?.length)
      list.sort((a, b) => Number(favorites.includes(b.value)) - Number(favorites.includes(a.value)));
    return list;
  }, [options, search, favorites]);
  const set = new Set(selected);
  const toggle = (value: string) =>
    onChange(set.has(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  const allSelected = options.length > 0 && options.every((o) => set.has(o.value));

  return (
    <div className="multi-select-content">
      <SearchInput label={`Search ${label.toLowerCase()}`} autoFocus={autoFocus} value={search} onChange={onSearch} />
      <div className="multi-select-actions">
        <button
          type="button"
          className="link-button"
          onClick={() => onChange(allSelected ? [] : options.map((o) => o.value))}
        >
          {allSelected ? 'Clear all' : 'Select all'}
        </button>
        {categories?.map((c) => (
          <button
            key={c.label}
            type="button"
            className="link-button"
            onClick={() =>
              onChange([...new Set([...selected, ...c.values.filter((v) => options.some((o) => o.value === v))])])
            }
          >
            + {c.label}
          </button>
        ))}
      </div>
      <ul role="listbox" aria-multiselectable="true" aria-label={label}>
        {shown.map((o) => (
          <li key={o.value} role="option" aria-selected={set.has(o.value)}>
            <label>
              <input type="checkbox" checked={set.has(o.value)} onChange={() => toggle(o.value)} /> {o.label}
              {o.group && <span className="muted small"> · {o.group}</span>}
            </label>
            {onToggleFavorite && (
              <button
                type="button"
                className={`star${favorites?.includes(o.value) ? ' on' : ''}`}
                aria-label={`${favorites?.includes(o.value) ? 'Remove' : 'Add'} ${o.label} ${favorites?.includes(o.value) ? 'from' : 'to'} favourites`}
                onClick={() => onToggleFavorite(o.value)}
              >
                ★
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
