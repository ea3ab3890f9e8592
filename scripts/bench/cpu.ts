// CPU time of a process, to tell whether a load run was limited by the server or by the client
// (autocannon shares the machine). Linux only (/proc); elsewhere the figures are left out.
import { readFileSync } from 'node:fs';

/** Kernel clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on every mainstream Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds used so far by `pid`, or undefined when /proc cannot tell. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the ")" that closes the command name: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/** Starts a measurement; `stop()` gives the average use in percent of one core over the interval. */
export function cpuMeter(pid: number | undefined): { stop(): number | undefined } {
  const startCpu = pid === process.pid ? undefined : processCpuMs(pid);
  const startOwn = process.cpuUsage();
  const startWall = performance.now();
  return {
    stop() {
      const wall = performance.now() - startWall;
      if (pid === process.pid) {
        const own = process.cpuUsage(startOwn);
        return ((own.user + own.system) / 1000 / wall) * 100;
      }
      const end = processCpuMs(pid);
      return startCpu === undefined || end === undefined ? undefined : ((end - startCpu) / wall) * 100;
    },
  };
}

interface MachineTicks {
  busy: number;
  steal: number;
}

function machineTicks(): MachineTicks | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice
    const [user, nice, system, _idle, _iowait, irq, softirq, steal] = line
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number) as number[];
    return { busy: user! + nice! + system! + irq! + softirq!, steal: steal ?? 0 };
  } catch {
    return undefined;
  }
}

/** Whole-machine CPU use over an interval, percent of one core: busy (all processes) and steal (hypervisor). */
export function machineMeter(): { stop(): { busy: number; steal: number } | undefined } {
  const start = machineTicks();
  const startWall = performance.now();
  return {
    stop() {
      const end = machineTicks();
      const seconds = (performance.now() - startWall) / 1000;
      if (start === undefined || end === undefined || seconds <= 0) return undefined;
      const percent = (ticks: number) => (ticks / TICKS_PER_SECOND / seconds) * 100;
      return { busy: percent(end.busy - start.busy), steal: percent(end.steal - start.steal) };
    },
  };
}
