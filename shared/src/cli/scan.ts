import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ScanResult } from '../domain/opportunities';
import { canonicalBookKey, DEFAULT_BANKROLL } from '../domain/books/sportsbooks';
import { isCommissionRate } from '../engine/odds/commission';
import { ARBITRAGE_DEFAULTS } from '../engine/opportunities/arbitrage';
import {
  BLENDABLE_METHODS,
  DEFAULT_DEVIG_METHOD,
  DEVIG_METHODS,
  isBlendableMethod,
  isDevigMethod,
  type BlendableMethod,
  type DevigMethod,
} from '../engine/odds/devig';
import { MIDDLE_DEFAULTS } from '../engine/opportunities/middles';
import type { OddsFormat } from '../engine/odds/odds-format';
import { newestUpdate, scanBoard } from '../engine/opportunities/scan';
import { settleBookLinks } from '../domain/books/book-links';
import { InvalidOddsPayloadError, normaliseOddsApiV4 } from '../feeds/odds-api-v4';

/**
 * `npm run scan -- FILE [options]`: reads a board in The Odds API v4 format (a list of events or one event)
 * and prints {"arbitrage": [...], "middles": [...], "ev": [...]} on stdout. "Now" is the newest last_update in
 * the file unless --now is given, so a recording is judged as it was when it was taken.
 */
export const SCAN_USAGE = `usage: npm run scan -- FILE [--bankroll N] [--max-stake N] [--min-profit P] [--min-gap G]
       [--min-probability P] [--min-ev P] [--method ${DEVIG_METHODS.join('|')}] [--blend METHOD,METHOD...]
       [--odds-format american|decimal] [--now ISO] [--commission BOOK=RATE ...]
       RATE: an exchange's commission on net winnings, a fraction (0.02) or a percent (2%); repeatable`;

export interface ScanArgs {
  file: string;
  /** Dollars. */
  bankroll: number;
  /** Dollars; arbitrage total stake is min(max stake, bankroll); middles use min(max stake, 10 % of bankroll). */
  maxStake?: number;
  /** PERCENT. */
  minProfitPct: number;
  minGap: number;
  /** PERCENT. */
  minProbability: number;
  /** PERCENT. */
  minEvPct: number;
  method: DevigMethod;
  /** With --method blend: the methods averaged. */
  blend?: BlendableMethod[];
  oddsFormat?: OddsFormat;
  /** ms since the epoch. */
  now?: number;
  /** --commission BOOK=RATE: FRACTIONS by canonical book key, laid over each exchange's default (commission.ts). */
  commission?: Record<string, number>;
}

export class ScanArgsError extends Error {}

const NUMBER_FLAGS = {
  '--bankroll': 'bankroll',
  '--max-stake': 'maxStake',
  '--min-profit': 'minProfitPct',
  '--min-gap': 'minGap',
  '--min-probability': 'minProbability',
  '--min-ev': 'minEvPct',
} as const;

export function parseScanArgs(argv: readonly string[]): ScanArgs {
  const args: Omit<ScanArgs, 'file'> & { file?: string } = {
    bankroll: DEFAULT_BANKROLL,
    minProfitPct: ARBITRAGE_DEFAULTS.minProfitPct,
    minGap: MIDDLE_DEFAULTS.minGap,
    minProbability: MIDDLE_DEFAULTS.minProbability,
    minEvPct: 0,
    method: DEFAULT_DEVIG_METHOD,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (!flag.startsWith('--')) {
      if (args.file) throw new ScanArgsError(`Unexpected argument: ${arg}`);
      args.file = arg;
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new ScanArgsError(`${flag} needs a value`);
    if (flag in NUMBER_FLAGS) {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n) || n < 0)
        throw new ScanArgsError(`${flag} must be a non-negative number, got ${value}`);
      args[NUMBER_FLAGS[flag as keyof typeof NUMBER_FLAGS]] = n;
    } else if (flag === '--method') {
      if (!isDevigMethod(value))
        throw new ScanArgsError(`--method must be one of ${DEVIG_METHODS.join(', ')}, got ${value}`);
      args.method = value;
    } else if (flag === '--blend') {
      const names = value.split(',').map((v) => v.trim());
      const unknown = names.find((name) => !isBlendableMethod(name));
      if (unknown !== undefined)
        throw new ScanArgsError(`--blend takes methods among ${BLENDABLE_METHODS.join(', ')}, got ${unknown}`);
      args.blend = names as BlendableMethod[];
    } else if (flag === '--odds-format') {
      if (value !== 'american' && value !== 'decimal')
        throw new ScanArgsError(`--odds-format must be american or decimal, got ${value}`);
      args.oddsFormat = value;
    } else if (flag === '--commission') {
      const [book, rate] = parseCommission(value);
      args.commission = { ...args.commission, [book]: rate };
    } else if (flag === '--now') {
      const time = Date.parse(value);
      if (Number.isNaN(time)) throw new ScanArgsError(`--now must be an ISO-8601 time, got ${value}`);
      args.now = time;
    } else {
      throw new ScanArgsError(`Unknown option: ${flag}`);
    }
  }
  if (!args.file) throw new ScanArgsError('FILE is required');
  if (args.blend && args.method !== 'blend') throw new ScanArgsError('--blend needs --method blend');
  return args as ScanArgs;
}

/** `BOOK=RATE`: RATE a fraction in [0, 1) ("0.02") or a percent below 100 ("2%"). */
function parseCommission(value: string): [string, number] {
  const at = value.indexOf('=');
  const book = at > 0 ? canonicalBookKey(value.slice(0, at)) : '';
  const text = at > 0 ? value.slice(at + 1).trim() : '';
  const percent = text.endsWith('%');
  const number = text === '' || text === '%' ? Number.NaN : Number(percent ? text.slice(0, -1) : text);
  const rate = percent ? number / 100 : number;
  if (!book || !isCommissionRate(rate))
    throw new ScanArgsError(
      `--commission must be BOOK=RATE with RATE a fraction from 0 to below 1 or a percent (2%), got ${value}`,
    );
  return [book, rate];
}

/** The scan of an already-parsed payload: pure, so tests run it on the recorded boards without a process. */
export function scanPayload(payload: unknown, args: Omit<ScanArgs, 'file'>): ScanResult {
  // The links as the pipeline settles them, so the legs match what the workers publish.
  const events = settleBookLinks(normaliseOddsApiV4(payload, { oddsFormat: args.oddsFormat }).events);
  const now = args.now ?? newestUpdate(events);
  if (now === null) return { arbitrage: [], middles: [], ev: [] };
  return scanBoard(
    events,
    {
      arbitrage: {
        bankroll: args.bankroll,
        maxStake: args.maxStake ?? ARBITRAGE_DEFAULTS.maxStake,
        minProfitPct: args.minProfitPct,
      },
      middles: {
        bankroll: args.bankroll,
        maxStake: args.maxStake ?? MIDDLE_DEFAULTS.maxStake,
        minGap: args.minGap,
        minProbability: args.minProbability,
      },
      ev: { method: args.method, blend: args.blend, minEvPct: args.minEvPct },
      commission: args.commission,
    },
    now,
  );
}

/** The process edges of the CLI, injected so tests run it whole without spawning a process. */
export interface ScanIo {
  readFile: (path: string) => string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Runs the CLI: 0 on success, 1 when the file cannot be read or is not a board, 2 on bad arguments. */
export function runScan(argv: readonly string[], io: ScanIo): number {
  let args: ScanArgs;
  try {
    args = parseScanArgs(argv);
  } catch (error) {
    if (!(error instanceof ScanArgsError)) throw error;
    io.stderr(`${error.message}\n${SCAN_USAGE}\n`);
    return 2;
  }
  let payload: unknown;
  try {
    payload = JSON.parse(io.readFile(args.file));
  } catch (error) {
    io.stderr(`Cannot read ${args.file}: ${(error as Error).message}\n`);
    return 1;
  }
  try {
    io.stdout(`${JSON.stringify(scanPayload(payload, args), null, 2)}\n`);
  } catch (error) {
    if (!(error instanceof InvalidOddsPayloadError)) throw error;
    io.stderr(`${args.file}: ${error.message}\n`);
    return 1;
  }
  return 0;
}

if (require.main === module) {
  process.exitCode = runScan(process.argv.slice(2), {
    // npm runs scripts from the repo root: a relative FILE is the caller's, so resolve it from INIT_CWD
    readFile: (path) => readFileSync(resolve(process.env.INIT_CWD ?? process.cwd(), path), 'utf8'),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  });
}
