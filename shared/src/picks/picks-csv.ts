import { dollarsToCents } from '../engine/odds/money';
import { isValidAmerican } from '../engine/odds/odds-format';
import {
  inPickRange,
  isPickCents,
  isPickPayoutDecimal,
  PICK_CLV_RANGE,
  PICK_CONFIDENCE_RANGE,
  PICK_EDGE_RANGE,
  PICK_MAX_CENTS,
  PICK_MAX_PAYOUT_CENTS,
  PICK_PAYOUT_DECIMAL_RULE,
  pickOddsText,
  pickTimeIso,
} from './pick-fields';
import { PICK_STATUSES, pickPotentialCents, type PickStatus, type UserPick } from './pick';
import { recordedPayoutCents } from './settlement';
import { bookKeyOf } from '../domain/books/sportsbooks';

/**
 * A pick history as a CSV file (picks export and import): one row per pick under stable column names, money in dollars
 * with two decimals, times in ISO 8601 UTC. The export writes every column; the import needs the required ones and
 * reads the rest when present, so that importing an export gives back the same picks, and a file from another tracker
 * needs only the required columns. The CSV text itself is written and read by the server (papaparse); these are the
 * rules for one row. A column added later goes after the others, so a file or a program that reads them by position
 * keeps its columns; an older file without it imports as before.
 */
export const PICK_CSV_COLUMNS = [
  'id',
  'date_added',
  'game',
  'league',
  'sport',
  'market',
  'selection',
  'odds',
  'bookmaker',
  'stake',
  'potential_payout',
  'status',
  'actual_payout',
  'settled_at',
  'type',
  'edge',
  'closing_odds',
  'clv',
  'event_id',
  'commence_time',
  'note',
  // the exact price (payoutDecimal): `odds` are rounded to a whole American number, and a stake set after the import is
  // paid at this, as it is on the original (pickPotentialCents)
  'payout_decimal',
  // a settlement as spec 002 §3 keeps it: automatic (its time, source, confidence and game) or by hand (its time);
  // settled_at, either time, stays for the programs and files that read it, and is what an older file gives
  'settled_date',
  'validated_at',
  'validated_by',
  'validation_confidence',
  'espn_game_id',
] as const;
export type PickCsvColumn = (typeof PICK_CSV_COLUMNS)[number];
export const PICK_CSV_REQUIRED: readonly PickCsvColumn[] = [
  'date_added',
  'game',
  'market',
  'selection',
  'odds',
  'stake',
];

/** Cents as dollars with two decimals ("1234.50"); empty for none. */
export function csvCentsToDollars(cents: number | null): string {
  if (cents === null) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One pick as a CSV row, by column. `id` is the pick's import key when it came from an import or a browser list; its
 * exact price is written with every digit, so it reads back as the same number.
 */
export function pickToCsvRow(
  pick: UserPick & { clientId?: string | null; payoutDecimal?: number | null },
): Record<PickCsvColumn, string> {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  return {
    id: pick.clientId ?? pick.id,
    date_added: pick.dateAdded,
    game: pick.game,
    league: pick.league,
    sport: text(pick.sport),
    market: pick.market,
    selection: pick.selection,
    odds: pick.odds,
    bookmaker: text(pick.bookmaker),
    stake: csvCentsToDollars(pick.stakeCents),
    potential_payout: csvCentsToDollars(pick.potentialCents),
    status: pick.status,
    actual_payout: csvCentsToDollars(pick.actualPayoutCents),
    settled_at: text(pick.settledDate ?? pick.validatedAt),
    type: pick.type,
    edge: text(pick.edge),
    closing_odds: text(pick.closingOdds),
    clv: text(pick.clv),
    event_id: text(pick.eventId),
    commence_time: text(pick.commenceTime),
    note: text(pick.note),
    payout_decimal: text(pick.payoutDecimal ?? null),
    settled_date: text(pick.settledDate),
    validated_at: text(pick.validatedAt),
    validated_by: text(pick.validatedBy),
    validation_confidence: text(pick.validationConfidence),
    espn_game_id: text(pick.espnGameId),
  };
}

/**
 * A pick read from one CSV row: the columns a file carries, in the pick's own fields and types (money in cents), with
 * `id` the row's import key when the file gives one and `payoutDecimal` the exact price, when the file gives it.
 */
export type CsvPick = Pick<
  UserPick,
  | 'dateAdded'
  | 'game'
  | 'league'
  | 'sport'
  | 'market'
  | 'selection'
  | 'odds'
  | 'bookmaker'
  | 'stakeCents'
  | 'potentialCents'
  | 'status'
  | 'actualPayoutCents'
  | 'type'
  | 'edge'
  | 'closingOdds'
  | 'clv'
  | 'eventId'
  | 'commenceTime'
  | 'note'
  | 'settledDate'
  | 'validatedAt'
  | 'validatedBy'
  | 'validationConfidence'
  | 'espnGameId'
> & { id: string | null; payoutDecimal: number | null };

type CsvSettlement = Pick<
  CsvPick,
  'settledDate' | 'validatedAt' | 'validatedBy' | 'validationConfidence' | 'espnGameId'
>;
/** A pending pick's settlement: none, whatever its row says. */
const UNSETTLED: CsvSettlement = {
  settledDate: null,
  validatedAt: null,
  validatedBy: null,
  validationConfidence: null,
  espnGameId: null,
};

/** C0 controls and DEL but tab and line breaks: PostgreSQL refuses NUL in text, and none means anything in a pick. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const MAX_LENGTHS: Partial<Record<PickCsvColumn, number>> = {
  id: 200,
  game: 200,
  league: 40,
  sport: 64,
  market: 100,
  selection: 200,
  bookmaker: 64,
  event_id: 200,
  note: 1000,
  validated_by: 64,
  espn_game_id: 200,
};

/** A price as the export writes it: digits, a point and digits (no sign, exponent, hex or Infinity, which Number reads). */
const DECIMAL = /^\d+(?:\.\d+)?$/;

/** Why a lost or pushed row's actual payout is the one it is (spec 002 §5, DECISIONS 19), as a refusal says it. */
const RULE_OF_PAYOUT = { lost: 'a lost pick pays 0', push: 'a push returns the stake' } as const;

/** The longest a bad value is quoted in a problem: a megabyte value is named by its start, not echoed whole. */
export const ECHOED_VALUE_CHARS = 80;

/** A value as a problem quotes it: 'as written', cut to ECHOED_VALUE_CHARS with an ellipsis. */
function echo(value: string): string {
  return `'${value.length > ECHOED_VALUE_CHARS ? `${value.slice(0, ECHOED_VALUE_CHARS)}…` : value}'`;
}

/**
 * Reads one CSV row (values by column name, absent columns empty) into a pick, or the problems with it, each as the
 * import names it: "odds '+1x0' is not American odds". A settled row's payout is the one it would be kept with
 * (recordedPayoutCents): a won row's as given, else the one settlement would give it (spec 002 §5, DECISIONS 19), and a
 * lost or pushed row giving another is refused; a pending row has none.
 */
export function csvRowToPick(row: Partial<Record<PickCsvColumn, string>>): { pick: CsvPick } | { errors: string[] } {
  const errors: string[] = [];
  const value = (column: PickCsvColumn) => (row[column] ?? '').trim();
  for (const column of PICK_CSV_REQUIRED) if (!value(column)) errors.push(`${column} is missing`);
  for (const column of PICK_CSV_COLUMNS)
    if (CONTROL.test(value(column))) errors.push(`${column} holds a control character`);
  for (const [column, max] of Object.entries(MAX_LENGTHS) as Array<[PickCsvColumn, number]>) {
    if (value(column).length > max) errors.push(`${column} is longer than ${max} characters`);
  }
  const optionalText = (column: PickCsvColumn) => value(column) || null;
  const time = (column: PickCsvColumn) => {
    if (!value(column)) return null;
    const iso = pickTimeIso(value(column));
    if (!iso) errors.push(`${column} ${echo(value(column))} is not an ISO 8601 date or time from 1970 to 2099`);
    return iso;
  };
  const money = (column: PickCsvColumn, max: number) => {
    if (!value(column)) return null;
    const cents = dollarsToCents(value(column));
    if (cents === null || !isPickCents(cents, max))
      errors.push(`${column} ${echo(value(column))} is not an amount in dollars up to ${max / 100}`);
    return cents;
  };
  const number = (column: PickCsvColumn, range: { min: number; max: number }) => {
    if (!value(column)) return null;
    const n = Number(value(column));
    if (!inPickRange(n, range))
      errors.push(`${column} ${echo(value(column))} is not a number from ${range.min} to ${range.max}`);
    return n;
  };

  const odds = value('odds');
  if (odds && pickOddsText(odds) === null) errors.push(`odds ${echo(odds)} is not American odds`);
  const statusText = value('status').toLowerCase();
  const status = ({ win: 'won', loss: 'lost', '': 'pending' } as Record<string, string>)[statusText] ?? statusText;
  if (!(PICK_STATUSES as readonly string[]).includes(status))
    errors.push(`status ${echo(value('status'))} is not one of ${PICK_STATUSES.join(', ')}`);
  const type = value('type').toLowerCase() || 'single';
  if (type !== 'single' && type !== 'parlay') errors.push(`type ${echo(value('type'))} is not single or parlay`);
  const payoutDecimalText = value('payout_decimal');
  const payoutDecimal = payoutDecimalText ? Number(payoutDecimalText) : null;
  if (payoutDecimal !== null && !(DECIMAL.test(payoutDecimalText) && isPickPayoutDecimal(payoutDecimal)))
    errors.push(`payout_decimal ${echo(payoutDecimalText)} is not ${PICK_PAYOUT_DECIMAL_RULE}`);
  const closingOdds = number('closing_odds', { min: -100_000, max: 100_000 });
  if (closingOdds !== null && !isValidAmerican(closingOdds))
    errors.push(`closing_odds ${echo(value('closing_odds'))} is not American odds`);

  const dateAdded = time('date_added');
  const stakeCents = money('stake', PICK_MAX_CENTS);
  const potential = money('potential_payout', PICK_MAX_PAYOUT_CENTS);
  const actual = money('actual_payout', PICK_MAX_PAYOUT_CENTS);
  const settledAt = time('settled_at');
  const settledDate = time('settled_date');
  const validatedAt = time('validated_at');
  const confidenceText = value('validation_confidence');
  const confidence = confidenceText ? Number(confidenceText) : null;
  if (confidence !== null && !(/^\d+$/.test(confidenceText) && inPickRange(confidence, PICK_CONFIDENCE_RANGE)))
    errors.push(
      `validation_confidence ${echo(confidenceText)} is not a whole number from ${PICK_CONFIDENCE_RANGE.min} to ${PICK_CONFIDENCE_RANGE.max}`,
    );
  const commenceTime = time('commence_time');
  const edge = number('edge', PICK_EDGE_RANGE);
  const clv = number('clv', PICK_CLV_RANGE);
  if (status === 'pending' && actual !== null) errors.push('actual_payout is set on a pending pick');
  if ((status === 'lost' || status === 'push') && actual !== null && stakeCents !== null) {
    const payout = recordedPayoutCents(status, stakeCents, potential, actual);
    if (actual !== payout)
      errors.push(
        `actual_payout ${echo(value('actual_payout'))} is not ${csvCentsToDollars(payout)}: ${RULE_OF_PAYOUT[status]}`,
      );
  }
  if (errors.length || dateAdded === null || stakeCents === null) return { errors };

  // the settlement as spec 002 §3 keeps it, none on a pending pick; an older file's one time (settled_at) is read as a
  // settlement by hand, as it was before the file told the two apart
  const settlement: CsvSettlement =
    status === 'pending'
      ? UNSETTLED
      : {
          settledDate,
          validatedAt: validatedAt ?? (settledDate === null ? settledAt : null),
          validatedBy: optionalText('validated_by'),
          validationConfidence: confidence,
          espnGameId: optionalText('espn_game_id'),
        };

  // a file without the payout: worked out as the app does for a pick saved without one, at its exact price when the
  // row gives it, else from its odds net of an exchange's default commission
  // a book by its name ("DraftKings") is stored by its key, as the app saves it: one book identity
  const bookmakerText = optionalText('bookmaker');
  const bookmaker = bookmakerText === null ? null : bookKeyOf(bookmakerText) || null;
  const potentialCents = potential ?? pickPotentialCents(stakeCents, { odds, bookmaker, payoutDecimal });
  const settled = status as PickStatus;
  return {
    pick: {
      id: optionalText('id'),
      dateAdded,
      game: value('game'),
      league: value('league') || 'Other',
      sport: optionalText('sport'),
      market: value('market'),
      selection: value('selection'),
      odds,
      bookmaker,
      stakeCents,
      potentialCents,
      status: settled,
      actualPayoutCents:
        settled === 'pending' ? null : recordedPayoutCents(settled, stakeCents, potentialCents, actual),
      ...settlement,
      type: type as 'single' | 'parlay',
      edge,
      closingOdds,
      clv,
      eventId: optionalText('event_id'),
      commenceTime,
      note: optionalText('note'),
      payoutDecimal,
    },
  };
}

/**
 * A value the export writes with a leading apostrophe, which spreadsheets show as text: one a spreadsheet would run as a
 * formula ("=HYPERLINK(…)", "@SUM", "+cmd|…", a tab or carriage return first), also after leading blanks or line breaks
 * (" =1+1", "\n=1"), and one that itself starts with an apostrophe, so that reading takes exactly one off and every
 * value comes back as it was ("'=1+1" is written "''=1+1"). American odds and other numbers ("+150", "-3.5", "+.5") are
 * not formulas. The number is written so that a long run of digits not ending as a number is refused in one pass: the
 * form `\d*\.?\d+$` tried every split of the run between its two `\d`s, and a 16,000-digit note held the import half a
 * second (it runs on every value of every row).
 */
export const CSV_ESCAPED_VALUE = /^['\t\r]|^\s*[=@]|^\s*[+-](?!(?:\d+(?:\.\d+)?|\.\d+)$)/;

/** A value as the export meant it: the apostrophe it put before a value of CSV_ESCAPED_VALUE taken off, nothing else. */
export function csvUnescape(value: string): string {
  return value.startsWith("'") && CSV_ESCAPED_VALUE.test(value.slice(1)) ? value.slice(1) : value;
}

/** A CSV parser's complaint about one row (papaparse's ParseError). */
export interface CsvParseError {
  type: string;
  code: string;
  message: string;
}

/** A data row of an import file as read: its values by export column, and the pick it reads as, if it does. */
export interface PickCsvRow {
  values: Partial<Record<PickCsvColumn, string>>;
  pick: CsvPick | null;
  /** What refuses the row (none when it reads as a pick), as the import words them. */
  problems: string[];
}

/**
 * One parsed row of an import file, from its values by header and the parser's complaints about it: the values of
 * PICK_CSV_COLUMNS as the export meant them, and the row's pick, or (pick null) every problem that refuses it, as the
 * import words them. A row with too few fields reads its missing ones as empty; one with too many is refused.
 */
export function readPickCsvRow(
  data: Readonly<Record<string, unknown>>,
  parseErrors: readonly CsvParseError[],
): PickCsvRow {
  const values: Partial<Record<PickCsvColumn, string>> = {};
  for (const column of PICK_CSV_COLUMNS) {
    const value = data[column];
    if (typeof value === 'string') values[column] = csvUnescape(value);
  }
  const read = csvRowToPick(values);
  const problems = [
    ...parseErrors.filter((e) => e.type !== 'FieldMismatch' || e.code === 'TooManyFields').map((e) => e.message),
    ...('errors' in read ? read.errors : []),
  ];
  return { values, pick: problems.length || 'errors' in read ? null : read.pick, problems };
}

/**
 * The line each row of a CSV text starts on, its header being line 1: called with each row's end offset in `body`,
 * in order (papaparse's step cursor), it answers the line after the line breaks left before the row (the previous
 * row's end, blank lines). A quoted value over several lines moves the lines after it.
 */
export function csvRowLines(body: string): (rowEnd: number) => number {
  const headerEnd = body.search(/\r?\n/);
  let cursor = headerEnd === -1 ? body.length : headerEnd;
  let line = 1;
  return (rowEnd) => {
    let start = cursor;
    while (start < rowEnd && (body[start] === '\n' || body[start] === '\r')) start += 1;
    for (let i = cursor; i < start; i += 1) if (body[i] === '\n') line += 1;
    const first = line;
    for (let i = start; i < rowEnd; i += 1) if (body[i] === '\n') line += 1;
    cursor = rowEnd;
    return first;
  };
}
