import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A form's text input under its own label, the two tied by `id`: the layout of the sign-in, account, billing and
 * alert forms. `onChange` gets the text as typed; every other input attribute passes through.
 */
export function LabelledInput({
  id,
  label,
  onChange,
  ...input
}: {
  id: string;
  label: ReactNode;
  onChange: (text: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'>) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}
