import {
  alertRuleTakesBook,
  describePriceTarget,
  formatClock,
  type AlertKind,
  type AlertRule,
  type Sport,
  type SteamMarket,
} from '@oddspulse/shared';
import type { AlertRuleInput } from './alerts-api';

/** What the alert rule form holds, and how a rule reads in the list. */
export const KIND_LABELS: Record<AlertKind, string> = {
  arbitrage: 'Arbitrage',
  middle: 'Middle',
  ev: '+EV',
  steam: 'Steam',
  price_target: 'Price target',
};
export const MIN_LABELS: Record<AlertKind, string> = {
  arbitrage: 'Minimum profit (%)',
  middle: 'Minimum middle probability (%)',
  ev: 'Minimum EV (%)',
  steam: 'Minimum EV of the price still at the old number (%)',
  price_target: '',
};

export const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export interface FormState {
  kind: AlertKind;
  min: string;
  sports: string[];
  books: string[];
  /**
   * "Any book", ticked by the user (or a rule saved with no book): the rule is saved with no book, which is any book
   * (AlertRuleCriteria.books). Never implied by an empty list: the kind may fire at none of the books the form holds.
   */
  anyBook: boolean;
  maxLegAge: string;
  quiet: boolean;
  quietStart: string;
  quietEnd: string;
  timeZone: string;
  webhookUrl: string;
  push: boolean;
  email: boolean;
  /** A price target: its game, market, side, line and American price, as the form holds them. */
  target: TargetForm;
}

export interface TargetForm {
  sport: string;
  eventId: string;
  market: SteamMarket;
  outcome: string;
  point: string;
  price: string;
}

/** Sets one field of the form. */
export type SetField = <K extends keyof FormState>(key: K, value: FormState[K]) => void;

/** The minimum a new rule of a kind starts at: a middle's probability 20 %, any other kind's 1 %. */
const defaultMin = (kind: AlertKind) => (kind === 'middle' ? 20 : 1);

/**
 * A rule's form; a new rule's books start as the user's starting books (DECISIONS 36: the alert default), and its price
 * target at the first of the sports the deployment polls (useAlertSports): a sport it does not poll has no board, and
 * a rule on it never fires.
 */
export function formOf(
  rule: AlertRule | null,
  kind: AlertKind,
  startingBooks: readonly string[],
  sports: readonly Pick<Sport, 'key'>[],
): FormState {
  return {
    kind: rule?.kind ?? kind,
    min: String(rule?.min ?? defaultMin(kind)),
    sports: rule?.sports ?? [],
    books: rule?.books ?? [...startingBooks],
    anyBook: rule ? rule.books.length === 0 : false,
    maxLegAge: rule?.maxLegAgeSeconds ? String(rule.maxLegAgeSeconds) : '',
    quiet: Boolean(rule?.quietHours),
    quietStart: rule?.quietHours ? formatClock(rule.quietHours.start) : '22:00',
    quietEnd: rule?.quietHours ? formatClock(rule.quietHours.end) : '07:00',
    timeZone: rule?.quietHours?.timeZone ?? browserZone(),
    webhookUrl: rule?.webhookUrl ?? '',
    push: rule?.push ?? false,
    email: rule?.email ?? false,
    target: {
      sport: rule?.target?.sport ?? sports[0]?.key ?? '',
      eventId: rule?.target?.eventId ?? '',
      market: rule?.target?.market ?? 'h2h',
      outcome: rule?.target?.outcome ?? '',
      point: rule?.target?.point === null || rule?.target?.point === undefined ? '' : String(rule.target.point),
      price: rule?.target ? String(rule.target.price) : '',
    },
  };
}

/**
 * The form at a kind the plan allows (canUseAlertKind): when the plan no longer allows its kind (a downgrade the
 * socket's plan.changed brings while the page is open), the first allowed kind with that kind's minimum, so that the
 * Kind select, the minimum's label and the rule saved name the same kind; otherwise the form as it is.
 */
export function formForKinds(form: FormState, kinds: readonly AlertKind[]): FormState {
  if (kinds.length === 0 || kinds.includes(form.kind)) return form;
  return { ...form, kind: kinds[0], min: String(defaultMin(kinds[0])) };
}

/**
 * The form's books that its kind fires at (alertRuleTakesBook), the ones the form lists and saves: the starting books,
 * or a rule's under another kind, may hold a DFS app an arbitrage never has a leg at, as the scanner leaves it out.
 */
export function kindBooks(form: Pick<FormState, 'kind' | 'books'>): string[] {
  return form.books.filter((book) => alertRuleTakesBook(form.kind, book));
}

/**
 * Why the form cannot be saved for its books, or null when it can: no book its kind fires at is ticked and "Any book"
 * is not chosen. Saving none would be any book (AlertRuleCriteria.books), widening a rule the user meant for their books
 * (DECISIONS 36: the saved books are the alert default) to every book; a steam rule of a user who keeps only sharp books
 * and DFS apps has none of them to fire at.
 */
export function missingBooks(form: Pick<FormState, 'kind' | 'books' | 'anyBook'>): string | null {
  if (form.anyBook || kindBooks(form).length > 0) return null;
  return form.books.length > 0
    ? `${KIND_LABELS[form.kind]} alerts fire at none of your books. Pick at least one, or choose "Any book".`
    : 'Pick at least one book, or choose "Any book".';
}

/** The rule to save; its books are none (any book) only when "Any book" is chosen (missingBooks says when it may be). */
export function inputOf(form: FormState): AlertRuleInput {
  return {
    kind: form.kind,
    min: Number(form.min),
    sports: form.sports,
    books: form.anyBook ? [] : kindBooks(form),
    maxLegAgeSeconds: form.maxLegAge ? Number(form.maxLegAge) : null,
    quietHours: form.quiet ? { start: form.quietStart, end: form.quietEnd, timeZone: form.timeZone } : null,
    webhookUrl: form.webhookUrl.trim() || null,
    push: form.push,
    email: form.email,
    target:
      form.kind === 'price_target'
        ? {
            sport: form.target.sport,
            eventId: form.target.eventId,
            market: form.target.market,
            outcome: form.target.outcome,
            point: form.target.market === 'h2h' || form.target.point === '' ? null : Number(form.target.point),
            price: Number(form.target.price),
          }
        : null,
  };
}

/**
 * A rule in one line; its sports by the names the form offers them under (useAlertSports: the deployment's sports, the
 * core ones for a key it no longer polls), a sport neither names by its key.
 */
export function describeRule(rule: AlertRule, sportNames: Readonly<Record<string, string>>): string {
  const parts = rule.target
    ? [`${KIND_LABELS[rule.kind]}: ${describePriceTarget(rule.target)}`, rule.target.game]
    : [
        `${KIND_LABELS[rule.kind]} ≥ ${rule.min}%`,
        rule.sports.length ? rule.sports.map((s) => sportNames[s] ?? s).join(', ') : 'all sports',
      ];
  if (rule.books.length) parts.push(`${rule.books.length} books`);
  if (rule.maxLegAgeSeconds) parts.push(`legs ≤ ${rule.maxLegAgeSeconds}s old`);
  if (rule.quietHours)
    parts.push(
      `quiet ${formatClock(rule.quietHours.start)}–${formatClock(rule.quietHours.end)} ${rule.quietHours.timeZone}`,
    );
  const channels = [rule.webhookUrl && 'webhook', rule.push && 'push', rule.email && 'e-mail digest'].filter(Boolean);
  parts.push(`by ${channels.join(', ')}`);
  return parts.join(' · ');
}
