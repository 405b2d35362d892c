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
 * blocking the loop shows as one long stretch.
 */
export function watchLoop(): { stop: () => void; longest: () => number; turns: () => number } {
  let longest = 0;
  let turns = 0;
  let last = loopThreadCpuMs();
  const timer = setInterval(() => {
    const now = loopThreadCpuMs();
    turns++;
    longest = Math.max(longest, now - last);
    last = now;
  }, 0);
  return { stop: () => clearInterval(timer), longest: () => longest, turns: () => turns };
}
