import type { FormState, SetField } from './alert-form';

/** A rule's quiet hours: from, to, and the time zone they are read in. */
export function QuietHoursFields({ form, set }: { form: FormState; set: SetField }) {
  return (
    <div className="inline-form">
      <label>
        From
        <input type="time" value={form.quietStart} onChange={(e) => set('quietStart', e.target.value)} required />
      </label>
      <label>
        To
        <input type="time" value={form.quietEnd} onChange={(e) => set('quietEnd', e.target.value)} required />
      </label>
      <label>
        Time zone
        <input value={form.timeZone} onChange={(e) => set('timeZone', e.target.value)} required />
      </label>
    </div>
  );
}
