// Linux's /proc as the benches read it: a process's CPU time and its parent.
import { readFileSync } from 'node:fs';

/** Linux counts a process's CPU time in 100 ticks a second. */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command's name (its state first, then its parent), or null once it has ended. */
export function statFields(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // the process ended meanwhile
  }
  // the name is in parentheses and may itself hold ') '
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** CPU seconds the process has used (utime + stime); 0 for one that has ended. */
export function usedCpuSeconds(pid) {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND : 0;
}

/** CPU seconds the process has used (utime + stime): a phase's cost to a process the bench runs, which must still run. */
export function cpuSeconds(pid) {
  if (!statFields(pid)) throw new Error(`Process ${pid} has ended`);
  return usedCpuSeconds(pid);
}
