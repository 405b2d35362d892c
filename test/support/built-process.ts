import { spawn, type ChildProcess } from 'node:child_process';

/**
 * A built OddsPulse process (server/dist or workers/dist main.js) run as an operator would, for the outage tests:
 * every line it prints on stdout and stderr is kept, so a test can check that all of it is JSON lines.
 */
export class BuiltProcess {
  readonly lines: string[] = [];
  /** When the process exited, and with what code. */
  readonly exited: Promise<{ code: number | null; at: number }>;
  private readonly child: ChildProcess;
  private buffered = '';

  private constructor(main: string, env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [main], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve({ code, at: Date.now() })));
  }

  /** Starts `main` and resolves once it has printed `readyText`; rejects with its output if it exits first. */
  static async started(main: string, env: NodeJS.ProcessEnv, readyText: string): Promise<BuiltProcess> {
    const built = new BuiltProcess(main, env);
    const ready = new Promise<void>((resolve) => {
      const read = (chunk: Buffer) => {
        built.buffered += chunk.toString('utf8');
        const complete = built.buffered.split('\n');
        built.buffered = complete.pop() ?? '';
        built.lines.push(...complete.filter((line) => line.trim()));
        if (complete.some((line) => line.includes(readyText))) resolve();
      };
      built.child.stdout!.on('data', read);
      built.child.stderr!.on('data', read);
    });
    await Promise.race([
      ready,
      built.exited.then(() => Promise.reject(new Error(`${main} exited at start:\n${built.lines.join('\n')}`))),
    ]);
    return built;
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** Kills it if a failed test left it running. */
  stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  /** Every printed line that is not a JSON object (the unfinished last line included), once it has exited. */
  notJsonLines(): string[] {
    const all = this.buffered.trim() ? [...this.lines, this.buffered] : this.lines;
    return all.filter((line) => {
      try {
        return typeof JSON.parse(line) !== 'object';
      } catch {
        return true;
      }
    });
  }
}
