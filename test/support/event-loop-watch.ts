import { PerformanceObserver } from 'node:perf_hooks';
import { collectGarbage } from './collect-garbage';

// Typed as always there by @types/node, which follows the newest Node.
const threadCpuUsage = process.threadCpuUsage as typeof process.threadCpuUsage | undefined;

/**
 * CPU time of the thread that runs the event loop, in ms: other processes busy on the machine do not stretch it, and
 * unlike `process.cpuUsage()` it leaves out the garbage collector's helper threads, which on two cores can count a
 * collection twice. Node 20 has no `threadCpuUsage`; there the whole process's is the nearest measure.
 */
function loopThreadCpuMs(): number {
  const { user, system } = threadCpuUsage ? threadCpuUsage.call(process) : process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * The longest CPU stretch the event loop's thread ran without a turn of the loop while watched: one piece of work
 * blocking the loop shows as one long stretch. The watch starts on a collected heap: the integration suite runs its
 * files in one process, and by the last of them a full collection of what every earlier file left takes 600 to 780
 * ms; one falling due in a watch was charged to it (a 284 ms stall on a CSV import whose own work is 20 to 30 ms).
 * Collections during the watch, of what the watched work made, count in the stretch they hold, and the longest of
 * them is reported beside it.
 */
export function watchLoop(): {
  stop: () => void;
  longest: () => number;
  turns: () => number;
  longestCollection: () => number;
} {
  collectGarbage();
  const watched = performance.now();
  let longest = 0;
  let longestCollection = 0;
  let turns = 0;
  let last = loopThreadCpuMs();
  const collections = new PerformanceObserver((list) => {
    // the entry of the collection above arrives after the watch begins
    for (const entry of list.getEntries())
      if (entry.startTime >= watched) longestCollection = Math.max(longestCollection, entry.duration);
  });
  collections.observe({ entryTypes: ['gc'] });
  const timer = setInterval(() => {
    const now = loopThreadCpuMs();
    turns++;
    longest = Math.max(longest, now - last);
    last = now;
  }, 0);
  return {
    stop: () => {
      clearInterval(timer);
      collections.disconnect();
    },
    longest: () => longest,
    turns: () => turns,
    longestCollection: () => longestCollection,
  };
}

/** Holds the event loop for `ms`, as a starved CPU does between two turns. */
export function holdLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}
