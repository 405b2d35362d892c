/** A form's or an action's error, announced to screen readers as it appears; nothing while there is none. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
