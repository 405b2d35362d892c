/**
 * The simulated feed of `bench:pipeline`'s one worker, on a thread of its own: a real worker's heap holds the feed's
 * answer (the body a fetch returns) and nothing of the feed that made it. Made on the measuring thread, the simulator's
 * state (every game's prices, 25 books each) was marked by each of the pipeline's full collections, and the board and
 * body made for each sweep were its garbage. The answer reaches the pipeline copied into its heap, as a fetch's body is.
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { benchFeed } from './pipeline-sport';

interface FeedThreadData {
  sports: string[];
  eventsPerSport: number;
}

/** The feed's answer to one poll: the JSON The Odds API would send for `sport` at `now`, of all events or of `asked`. */
interface AnswerRequest {
  sport: string;
  now: number;
  asked: string[] | null;
}

/** The simulator on its own thread: `answer` gives the body of a poll, made there and copied here. */
export class BenchFeedThread {
  private readonly thread: Worker;

  constructor(sports: string[], eventsPerSport: number) {
    const data: FeedThreadData = { sports, eventsPerSport };
    this.thread = new Worker(__filename, { workerData: data });
  }

  answer(sport: string, now: number, asked: ReadonlySet<string> | null): Promise<string> {
    return new Promise((resolve, reject) => {
      // whichever comes first takes the other's listener with it
      const answered = (body: string) => {
        this.thread.off('error', failed);
        resolve(body);
      };
      const failed = (error: Error) => {
        this.thread.off('message', answered);
        reject(error);
      };
      this.thread.once('error', failed);
      this.thread.once('message', answered);
      const request: AnswerRequest = { sport, now, asked: asked ? [...asked] : null };
      this.thread.postMessage(request);
    });
  }

  stop(): Promise<number> {
    return this.thread.terminate();
  }
}

if (parentPort) {
  const port = parentPort;
  const { sports, eventsPerSport } = workerData as FeedThreadData;
  const simulator = benchFeed(sports, eventsPerSport);
  port.on('message', ({ sport, now, asked }: AnswerRequest) => {
    const sent = simulator.oddsBoard(sport, now);
    const only = asked ? new Set(asked) : null;
    port.postMessage(JSON.stringify(only ? sent.filter((e) => only.has(e.id)) : sent));
  });
}
