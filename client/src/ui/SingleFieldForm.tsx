import { useId, type FormEvent, type ReactNode } from 'react';
import { fieldErrorAria, FormError } from './FormError';
import { LabelledInput } from './LabelledInput';

/**
 * A form of one text field and its submit button: the field under its label (tied by an id the form makes, which
 * nothing else reads), the form's error when it shows one there (tied to the field: it is the field's), the button (`submit`: its text, whether it is off,
 * its class when not "button primary"), then what the form adds after it (a status line). The API key, username, new
 * password and gift forms.
 */
export function SingleFieldForm({
  field,
  submit,
  error = null,
  onSubmit,
  className,
  noValidate,
  children,
}: {
  field: Omit<Parameters<typeof LabelledInput>[0], 'id'>;
  submit: { text: string; disabled: boolean; className?: string };
  error?: string | null;
  onSubmit: (event: FormEvent) => void;
  className?: string;
  noValidate?: boolean;
  children?: ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <form onSubmit={onSubmit} className={className} noValidate={noValidate}>
      <LabelledInput id={id} {...field} {...fieldErrorAria(errorId, error, field['aria-describedby'])} />
      <FormError message={error} id={errorId} />
      <button type="submit" className={submit.className ?? 'button primary'} disabled={submit.disabled}>
        {submit.text}
      </button>
      {children}
    </form>
  );
}
