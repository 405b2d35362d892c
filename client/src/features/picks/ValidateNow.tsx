import { useState } from 'react';
import { validatePicks } from './picks-api';

const VALIDATION_FAILED = '❌ Validation failed - please try again';

interface ValidationState {
  busy: boolean;
  message: string;
  errors?: string[];
}

/**
 * "Validate now" (spec 002 §2, §8): the settlement worker checks every pending pick; `onValidated` runs after every
 * run with the number it settled (the list reloads either way: a pick that stays pending now says why).
 */
export function useValidateNow(onValidated: (updated: number) => Promise<void>) {
  const [validation, setValidation] = useState<ValidationState>({ busy: false, message: '' });
  const validateNow = async () => {
    setValidation({ busy: true, message: '' });
    try {
      const result = await validatePicks();
      // Spec 002 §8: a league that could not be checked is listed, and the others are still settled.
      setValidation({ busy: false, message: result.message, errors: result.errors });
      await onValidated(result.updated);
    } catch (e) {
      console.warn('Validate now failed', e);
      setValidation({ busy: false, message: VALIDATION_FAILED });
    }
  };
  const dismiss = () => setValidation({ busy: false, message: '' });
  return { validation, validateNow, dismiss };
}

/** The result of the last "Validate now", with the leagues that could not be checked. */
export function ValidationMessage({ validation, onDismiss }: { validation: ValidationState; onDismiss: () => void }) {
  if (!validation.message) return null;
  return (
    <div
      className={`banner ${validation.message === VALIDATION_FAILED ? 'banner-error' : 'banner-info'}`}
      role="status"
      data-testid="validation-message"
    >
      <span>{validation.message}</span>
      <button type="button" className="link-button" aria-label="Dismiss" onClick={onDismiss}>
        ×
      </button>
      {validation.errors && validation.errors.length > 0 && (
        <ul className="validation-errors small" data-testid="validation-errors">
          {validation.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
