import type { InputHTMLAttributes } from 'react';

/**
 * A search field with no visible label: `label` names it for assistive technology and is its placeholder unless one
 * is given. `onChange` gets the text as typed; every other input attribute passes through.
 */
export function SearchInput({
  label,
  placeholder = label,
  onChange,
  ...input
}: {
  label: string;
  placeholder?: string;
  onChange: (text: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'aria-label' | 'placeholder' | 'onChange'>) {
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      {...input}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
