import type { FormState, SetField } from './alert-form';
import { QuietHoursFields } from './QuietHoursFields';
import { LabelledInput } from '../../ui/LabelledInput';

/** How a rule's alerts reach the user: quiet hours, a webhook, a push notification, the e-mail digest. */
export function DeliveryFields({ id, form, set }: { id: string; form: FormState; set: SetField }) {
  return (
    <>
      <label className="inline">
        <input type="checkbox" checked={form.quiet} onChange={(e) => set('quiet', e.target.checked)} /> Quiet hours
      </label>
      {form.quiet && <QuietHoursFields form={form} set={set} />}
      <LabelledInput
        id={`webhook-${id}`}
        label="Webhook URL (Discord, Slack or your own; signed with your alert secret)"
        type="url"
        placeholder="https://discord.com/api/webhooks/…"
        value={form.webhookUrl}
        onChange={(text) => set('webhookUrl', text)}
      />
      <label className="inline">
        <input type="checkbox" checked={form.push} onChange={(e) => set('push', e.target.checked)} /> Push notification
      </label>
      <label className="inline">
        <input type="checkbox" checked={form.email} onChange={(e) => set('email', e.target.checked)} /> E-mail digest
      </label>
    </>
  );
}
