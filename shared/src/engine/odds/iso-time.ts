/**
 * Date.parse for the timestamps boards carry, without its cost: `YYYY-MM-DDTHH:MM:SSZ` and
 * `YYYY-MM-DDTHH:MM:SS.sssZ` (what The Odds API and toISOString write) are read digit by digit; anything
 * else, or any field out of its calendar range, goes to Date.parse. The answer is always Date.parse's
 * (ms since the epoch, NaN when unreadable). A full board scan reads tens of thousands of them.
 */
export function parseIsoTime(iso: string): number {
  const time = canonicalIsoTime(iso);
  return Number.isNaN(time) ? Date.parse(iso) : time;
}

/** Reads the times of a board's texts: parseIsoTime's answers (ISO_TIMES), or the same remembered (IsoTimes). */
export interface TimeReader {
  time(iso: string): number;
}

/** Each time parsed where it is asked. */
export const ISO_TIMES: TimeReader = { time: parseIsoTime };

/**
 * parseIsoTime remembering its answers by text: a board repeats the same few update times across thousands of markets,
 * and a board kept prepared reads the same markets' times again each time one of their games changes. Past `limit`
 * texts it forgets them all and starts again, so a reader kept for a process's life holds a board's worth at most.
 */
export class IsoTimes implements TimeReader {
  private readonly known = new Map<string, number>();

  constructor(private readonly limit = 100_000) {}

  time(iso: string): number {
    let time = this.known.get(iso);
    if (time === undefined) {
      if (this.known.size >= this.limit) this.known.clear();
      time = parseIsoTime(iso);
      this.known.set(iso, time);
    }
    return time;
  }
}

/**
 * The time of a timestamp in one of those two forms with every field in its calendar range (ms since the epoch), else
 * NaN: such a text is already what `toISOString` writes (the second form), or writes with `.000` (the first).
 */
export function canonicalIsoTime(iso: string): number {
  const length = iso.length;
  if (
    (length !== 20 && length !== 24) ||
    iso.charCodeAt(4) !== DASH ||
    iso.charCodeAt(7) !== DASH ||
    iso.charCodeAt(10) !== T ||
    iso.charCodeAt(13) !== COLON ||
    iso.charCodeAt(16) !== COLON ||
    iso.charCodeAt(length - 1) !== Z ||
    (length === 24 && iso.charCodeAt(19) !== DOT)
  ) {
    return NaN;
  }
  const year = digits(iso, 0, 4);
  const month = digits(iso, 5, 2);
  const day = digits(iso, 8, 2);
  const hour = digits(iso, 11, 2);
  const minute = digits(iso, 14, 2);
  const second = digits(iso, 17, 2);
  const ms = length === 24 ? digits(iso, 20, 3) : 0;
  if (
    !(year >= 1970) ||
    !(month >= 1 && month <= 12) ||
    !(day >= 1 && day <= daysInMonth(year, month)) ||
    !(hour >= 0 && hour <= 23) ||
    !(minute >= 0 && minute <= 59) ||
    !(second >= 0 && second <= 59) ||
    !(ms >= 0)
  ) {
    return NaN;
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}

const DASH = 45;
const DOT = 46;
const COLON = 58;
const T = 84;
const Z = 90;

/** The number written by `count` ASCII digits from `from`; −1 when one is not a digit. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
}
