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

/**
 * A text input inside its label, after the label's text: the compact fields of the calculators, the pick actions and
 * the alert rules. `labelClassName` styles the label; `onChange` gets the text as typed; every other input attribute
 * passes through.
 */
export function InputInLabel({
  label,
  labelClassName,
  onChange,
  ...input
}: {
  label: ReactNode;
  labelClassName?: string;
  onChange: (text: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'>) {
  return (
    <label className={labelClassName}>
      {label}
      <input {...input} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** A dollar amount as the user types it, inside its label: the calculators' stakes, bet amount and bankroll. */
export function DollarField(field: Omit<Parameters<typeof InputInLabel>[0], 'inputMode'>) {
  return <InputInLabel {...field} inputMode="decimal" />;
}
