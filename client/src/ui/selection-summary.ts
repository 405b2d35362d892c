export interface Option {
  value: string;
  label: string;
  group?: string;
}

/**
 * A multi-select's button text (spec 001 §2): what an empty selection stands for, "All", up to two names, or
 * "N selected".
 */
export function selectionSummary(selected: readonly string[], options: readonly Option[], noneMeans: string): string {
  if (selected.length === 0) return noneMeans;
  const set = new Set(selected);
  if (options.length > 0 && options.every((o) => set.has(o.value))) return 'All';
  if (selected.length > 2) return `${selected.length} selected`;
  return options
    .filter((o) => set.has(o.value))
    .map((o) => o.label)
    .join(', ');
}
