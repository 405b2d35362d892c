/**
 * A form's or an action's error, announced to screen readers as it appears; nothing while there is none. With `id`
 * it is a field's error, which the field names (fieldErrorAria).
 */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert" id={id}>
      {message}
    </p>
  );
}

/**
 * A field's ties to its error (WCAG 3.3.1, 1.3.1): invalid, and described by the error (`errorId`, after what else
 * describes it), while there is one.
 */
export function fieldErrorAria(
  errorId: string,
  error: string | null | undefined,
  describedBy?: string,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const ids = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ');
  return { ...(error ? { 'aria-invalid': true } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
}
