/**
 * The garbage collector's time on the thread that runs the event loop, for `bench:pipeline`. A PerformanceObserver on
 * `gc` hears each collection's pauses, not the incremental marking steps V8 runs on that thread between them: before
 * detection's column buffers were taken back, those steps took about as long as the scavenges it heard. Sampled (`bench:pipeline
 * --gc-sampled`), a profile of the thread sees both, as the time its samples spent in "(garbage collector)"; the
 * profiler costs the cycle about 5 %, so the bench's times are read without it.
 */
import { Session } from 'node:inspector/promises';
import { PerformanceObserver, performance } from 'node:perf_hooks';

/** The profile's sampling interval (µs): a marking step takes a few ms, a scavenge one to thirty. */
const SAMPLING_US = 1000;

type Spans = ReadonlyArray<[number, number]>;

/** What the collector took within some stretches of performance.now() (ms). */
export interface CollectorTime {
  /** The pauses a PerformanceObserver hears, counted in the stretch they started in. */
  pausesMs(spans: Spans): number;
  /** Pauses and marking steps, sampled on the loop's thread; null when the watch did not sample. */
  loopMs: ((spans: Spans) => number) | null;
}

interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string } }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * Watches the collector from `start` to `stop`, which answers what it took within any stretches of the watch;
 * `sampled`: the loop's thread is profiled too.
 */
export class LoopCollectorWatch {
  /** The profiler's session, while a sampled watch runs. */
  private session: Session | null = null;
  private readonly pauses: Array<{ start: number; duration: number }> = [];
  private readonly observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) this.pauses.push({ start: entry.startTime, duration: entry.duration });
  });
  /** The profile's clock (µs of the monotonic clock process.hrtime reads) less performance.now()'s, in ms. */
  private readonly clockOffsetMs = Number(process.hrtime.bigint()) / 1e6 - performance.now();

  constructor(private readonly sampled: boolean) {}

  async start(): Promise<void> {
    this.observer.observe({ entryTypes: ['gc'] });
    if (!this.sampled) return;
    const session = new Session();
    session.connect();
    this.session = session;
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_US });
    await session.post('Profiler.start');
  }

  async stop(): Promise<CollectorTime> {
    const profile = this.session && (await this.profile(this.session));
    // the observer hears of a collection after it: a turn of the loop delivers the last ones
    await new Promise((resolve) => setTimeout(resolve, 50));
    this.observer.disconnect();
    const pauses = this.pauses;
    const sampled = profile && this.collecting(profile);
    return {
      pausesMs: (spans) => collectedWithin(pauses, spans),
      loopMs: sampled && ((spans) => collectedWithin(sampled, spans)),
    };
  }

  private async profile(session: Session): Promise<Profile> {
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    session.disconnect();
    this.session = null;
    return profile;
  }

  /** The profile's samples in the collector, each from when it was taken until the next (performance.now() ms). */
  private collecting(profile: Profile): Array<{ start: number; duration: number }> {
    const collecting = new Set(
      profile.nodes.filter((node) => node.callFrame.functionName === '(garbage collector)').map((node) => node.id),
    );
    // each sample stands for the time until the next one
    const sampled: Array<{ start: number; duration: number }> = [];
    let at = profile.startTime;
    profile.samples.forEach((node, i) => {
      at += profile.timeDeltas[i];
      if (collecting.has(node) && i + 1 < profile.samples.length)
        sampled.push({ start: at / 1000 - this.clockOffsetMs, duration: profile.timeDeltas[i + 1] / 1000 });
    });
    return sampled;
  }
}

/** The time of `collections` (by when each started) within one of `spans`. */
function collectedWithin(collections: ReadonlyArray<{ start: number; duration: number }>, spans: Spans): number {
  return collections
    .filter((c) => spans.some(([from, to]) => c.start >= from && c.start < to))
    .reduce((sum, c) => sum + c.duration, 0);
}
