import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Worker } from 'node:worker_threads';

/** zxcvbn's score (0–4) a password must reach: 3 is its "safely unguessable" against an online attack with throttling lifted. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * The characters of a password zxcvbn reads: its time grows faster than the length (a 43-character passphrase took a
 * second), and a password whose first 64 characters are strong is strong.
 */
const SCORED_LENGTH = 64;

/**
 * The worker's code: zxcvbn-ts with its common (breached passwords, names, keyboard layouts) and English
 * dictionaries, scoring one password per message. The packages are required by their resolved paths, so the worker
 * runs the same from the sources (tests) and from the build.
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { ZxcvbnFactory } = require(${JSON.stringify(require.resolve('@zxcvbn-ts/core'))});
const common = require(${JSON.stringify(require.resolve('@zxcvbn-ts/language-common'))});
const en = require(${JSON.stringify(require.resolve('@zxcvbn-ts/language-en'))});
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
  maxLength: ${SCORED_LENGTH},
});
parentPort.on('message', ({ id, password, userInputs }) => parentPort.postMessage({ id, score: zxcvbn.check(password, userInputs).score }));
`;

interface Waiting {
  resolve: (score: number) => void;
  reject: (error: Error) => void;
}

/**
 * How guessable a password is, by zxcvbn-ts's matchers (dictionaries with l33t and reversed forms, keyboard patterns,
 * sequences, repeats, dates): it refuses the variants of common passwords a list does not hold (`Summer2024!`,
 * `P@ssw0rd123`). Scoring takes 30 ms to a second of CPU, so it runs on a worker thread of its own and a sign-up never
 * holds the event loop; the thread starts with the first password and lives as long as the server.
 */
@Injectable()
export class PasswordStrength implements OnModuleDestroy {
  private readonly logger = new Logger(PasswordStrength.name);
  private worker: Worker | null = null;
  private asked = 0;
  private readonly waiting = new Map<number, Waiting>();

  /** zxcvbn's score of the password, the account's email and its local part counting as words an attacker knows. */
  score(password: string, email: string): Promise<number> {
    const worker = this.worker ?? this.start();
    const id = ++this.asked;
    return new Promise<number>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, password, userInputs: [email, email.split('@')[0]] });
    });
  }

  /** Whether the password is too easy to guess to be accepted. */
  async guessable(password: string, email: string): Promise<boolean> {
    return (await this.score(password, email)) < MIN_PASSWORD_SCORE;
  }

  private start(): Worker {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.on('message', ({ id, score }: { id: number; score: number }) => {
      this.waiting.get(id)?.resolve(score);
      this.waiting.delete(id);
    });
    const failed = (error: Error) => {
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
