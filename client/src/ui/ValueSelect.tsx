/** A labelled select of plain values, each option shown by its name in `names`, or as the value itself. */
export function ValueSelect<T extends string>({
  label,
  value,
  values,
  names,
  onChange,
}: {
  label: string;
  value: T;
  values: readonly T[];
  names?: Readonly<Record<T, string>>;
  onChange: (value: T) => void;
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        <ValueOptions values={values} names={names} />
      </select>
    </label>
  );
}

/** The options of plain values, each shown by its name in `names`, or as the value itself. */
export function ValueOptions<T extends string>({
  values,
  names,
}: {
  values: readonly T[];
  names?: Readonly<Record<T, string>>;
}) {
  return values.map((option) => (
    <option key={option} value={option}>
      {names?.[option] ?? option}
    </option>
  ));
}
