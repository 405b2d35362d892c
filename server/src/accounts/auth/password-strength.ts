import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { DEMO_PASSWORD, type GuessablePart } from '@oddspulse/shared';

/**
 * zxcvbn's score (0–4) a password must reach: 4, at least 10^10 guesses. At 3 (10^8) a word, a year and two symbols
 * passed (`Summer2024!!`, `Password2024!!`, `Oddspulse2024!`): the families attackers try first.
 */
export const MIN_PASSWORD_SCORE = 4;

/**
 * The characters of a password zxcvbn reads: its time grows faster than the length (a 43-character passphrase took a
 * second), and a password whose first 64 characters are strong is strong.
 */
const SCORED_LENGTH = 64;

/**
 * Words of this product an attacker tries first, as a dictionary of their own: its name and the demo password the
 * sign-in page shows in demo mode, most likely first.
 */
export const PRODUCT_WORDS = ['oddspulse', DEMO_PASSWORD, 'odds pulse', 'odds', 'pulse', 'demo'];

/**
 * The worker's code: zxcvbn-ts with its common (breached passwords, names, keyboard layouts) and English
 * dictionaries and the product's words, scoring one password per message and naming the kind of each guessable part
 * it matched (a dictionary word and which list, a year, a date, a keyboard run, a sequence, a repeat). The packages
 * are required by their resolved paths, so the worker runs the same from the sources (tests) and from the build.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { ZxcvbnFactory } = require(${JSON.stringify(require.resolve('@zxcvbn-ts/core'))});
const common = require(${JSON.stringify(require.resolve('@zxcvbn-ts/language-common'))});
const en = require(${JSON.stringify(require.resolve('@zxcvbn-ts/language-en'))});
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary, product: ${JSON.stringify(PRODUCT_WORDS)} },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
  maxLength: ${SCORED_LENGTH},
});
parentPort.postMessage({ ready: true });
const NAMES = new Set(['firstnames', 'lastnames', 'names']);
function part(match) {
  switch (match.pattern) {
    case 'dictionary':
      if (match.dictionaryName === 'passwords' || match.dictionaryName === 'passwords-common') return 'common-password';
      if (match.dictionaryName === 'product') return 'product';
      if (match.dictionaryName === 'userInputs') return 'email';
      return NAMES.has(String(match.dictionaryName).replace(/-.*$/, '')) ? 'name' : 'word';
    case 'regex': return match.regexName === 'recentYear' ? 'year' : null;
    case 'date': return 'date';
    case 'spatial': return 'keyboard';
    case 'sequence': return 'sequence';
    case 'repeat': return 'repeat';
    default: return null;
  }
}
parentPort.on('message', ({ id, password, userInputs }) => {
  const result = zxcvbn.check(password, userInputs);
  const parts = result.sequence.map(part).filter((kind) => kind !== null);
  parentPort.postMessage({ id, score: result.score, parts });
});
`;

/** A password's strength: zxcvbn's score, and what it found guessable in it. */
export interface PasswordScore {
  score: number;
  parts: GuessablePart[];
}

interface Waiting {
  resolve: (score: PasswordScore) => void;
  reject: (error: Error) => void;
}

/**
 * How guessable a password is, by zxcvbn-ts's matchers (dictionaries with l33t and reversed forms, keyboard patterns,
 * sequences, repeats, dates): it refuses the variants of common passwords a list does not hold (`Summer2024!!`,
 * `P@ssw0rd123`, `Oddspulse2024!`), and says what it found. Scoring takes 30 ms to a second of CPU, so it runs on a
 * worker thread of its own and a sign-up never holds the event loop; the thread starts with the first password, or
 * when the API server starts (warm), and lives as long as the server.
 */
@Injectable()
export class PasswordStrength implements OnModuleDestroy {
  private readonly logger = new Logger(PasswordStrength.name);
  private worker: Worker | null = null;
  private asked = 0;
  private readonly waiting = new Map<number, Waiting>();
  /** The thread's dictionaries built (warm). */
  private built: Promise<void> = Promise.resolve();

  /**
   * Starts the thread before any password needs it, and resolves once its dictionaries are built: loading zxcvbn and
   * building them takes 1–3 s of the thread's CPU on a quiet machine (10 s on a busy one), which the first sign-up
   * after a start waited for (after a deploy, a new user's first impression of the product).
   */
  warm(): Promise<void> {
    if (!this.worker) this.start();
    return this.built;
  }

  /** zxcvbn's score of the password, the account's email and its local part counting as words an attacker knows. */
  score(password: string, email: string): Promise<PasswordScore> {
    const worker = this.worker ?? this.start();
    const id = ++this.asked;
    return new Promise<PasswordScore>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, password, userInputs: [email, email.split('@')[0]] });
    });
  }

  /** What makes the password too easy to guess to be accepted (its guessable parts, possibly none named); null when it is not. */
  async guessable(password: string, email: string): Promise<GuessablePart[] | null> {
    const { score, parts } = await this.score(password, email);
    return score < MIN_PASSWORD_SCORE ? parts : null;
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    let built!: () => void;
    let notBuilt!: (error: Error) => void;
    this.built = new Promise<void>((resolve, reject) => ((built = resolve), (notBuilt = reject)));
    // a thread that fails is logged by `failed` whether or not anyone waits for it to be warm
    this.built.catch(() => undefined);
    worker.on('message', (message: ({ id: number } & PasswordScore) | { ready: true }) => {
      if ('ready' in message) return built();
      const { id, ...score } = message;
      this.waiting.get(id)?.resolve(score);
      this.waiting.delete(id);
    });
    const failed = (error: Error) => {
      notBuilt(error);
      if (this.worker === worker) this.worker = null;
      this.logger.error({ msg: 'The password strength worker stopped; the next password starts another', err: error });
      for (const { reject } of this.waiting.values()) reject(error);
      this.waiting.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => {
      if (this.worker === worker) failed(new Error(`The password strength worker exited with code ${code}`));
    });
    this.worker = worker;
    return worker;
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}
