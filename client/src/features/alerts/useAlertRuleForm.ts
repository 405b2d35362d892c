import { useEffect, useState, type FormEvent } from 'react';
import type { AlertKind, AlertRule } from '@oddspulse/shared';
import { createAlertRule, updateAlertRule } from './alerts-api';
import { formForKinds, formOf, inputOf, missingBooks, type FormState, type SetField } from './alert-form';
import { apiErrorText } from '../../api/api-client';
import { useStartingBooks } from '../../state/starting-books';
import { useAlertSports } from './useAlertSports';

/**
 * A rule's form as typed (a new rule's starting at the first kind, the user's starting books and the deployment's first
 * sport, and kept to the kinds the plan allows), its error and whether it is saving, and its submit: the rule saved,
 * and a new rule's form started over.
 */
export function useAlertRuleForm(rule: AlertRule | null, kinds: AlertKind[], onSaved: (saved: AlertRule) => void) {
  const starting = useStartingBooks().books;
  const { sports } = useAlertSports();
  const [form, setForm] = useState<FormState>(() => formOf(rule, kinds[0], starting, sports));
  // a new rule's books follow the starting books (their late arrival, a save) until the user chooses some
  const [booksChosen, setBooksChosen] = useState(false);
  useEffect(() => {
    if (!rule && !booksChosen) setForm((f) => ({ ...f, books: [...starting] }));
  }, [rule, booksChosen, starting]);
  // a new rule's target follows the deployment's first sport (the core list's until GET /api/sports answers) until
  // the user touches the target
  const [targetChosen, setTargetChosen] = useState(false);
  useEffect(() => {
    if (!rule && !targetChosen) setForm((f) => ({ ...f, target: formOf(null, f.kind, [], sports).target }));
  }, [rule, targetChosen, sports]);
  // the plan's kinds change with it (plan.changed over the socket): a kind it no longer allows moves to one it does,
  // where the select would show another kind than the form holds and the save be refused
  useEffect(() => setForm((f) => formForKinds(f, kinds)), [kinds]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set: SetField = (key, value) => {
    if (key === 'books') setBooksChosen(true);
    if (key === 'target') setTargetChosen(true);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // no book ticked is not "any book": the user picks one or chooses "Any book" (missingBooks)
    const missing = missingBooks(form);
    if (missing) {
      setError(missing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onSaved(rule ? await updateAlertRule(rule.id, inputOf(form)) : await createAlertRule(inputOf(form)));
      if (!rule) {
        setForm(formOf(null, kinds[0], starting, sports));
        setBooksChosen(false);
        setTargetChosen(false);
      }
    } catch (failure) {
      setError(apiErrorText(failure, 'Could not save the alert.'));
    } finally {
      setBusy(false);
    }
  };
  return { form, set, busy, error, submit };
}
