import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * CPU and memory of another process, read from /proc (Linux only): what `top` would show for
 * the server while the load runs, without instrumenting it.
 */

// Kernel clock ticks per second for utime/stime; 100 almost everywhere, but ask.
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Seconds of CPU the process has used so far, in its own code (user) and the kernel's. */
export function cpuSeconds(pid: number): { user: number; system: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing paren are fixed:
  // state is field 3, so utime (14) and stime (15) are at 11 and 12 after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / CLOCK_TICKS, system: Number(fields[12]) / CLOCK_TICKS };
}

/** Resident memory in MB. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Busy and total jiffies of the whole machine (all cores), from /proc/stat. */
export function machineJiffies(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const total = values.reduce((sum, value) => sum + value, 0);
  // idle (4th) and iowait (5th) are the only columns that are not work.
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

export type ProcessUsage = {
  /** CPU over the window, in % of one core (200 % = both cores of this machine). */
  cpuPercent: number;
  /** The part of it spent in the kernel (sockets, mostly), in % of one core. */
  systemPercent: number;
  rssAvgMb: number;
  rssPeakMb: number;
};

/**
 * Samples `pid` from now until stop(): CPU is the exact difference of its counters over the
 * window; memory is read once a second (and at both ends) for the average and the peak.
 */
export function sampleProcess(pid: number) {
  const startedAt = performance.now();
  const startCpu = cpuSeconds(pid);
  const rss = [rssMb(pid)];
  const timer = setInterval(() => {
    try {
      rss.push(rssMb(pid));
    } catch {
      // The process ended; stop() will say so.
    }
  }, 1000);
  return {
    stop(): ProcessUsage {
      clearInterval(timer);
      rss.push(rssMb(pid));
      const seconds = (performance.now() - startedAt) / 1000;
      const endCpu = cpuSeconds(pid);
      const system = endCpu.system - startCpu.system;
      return {
        cpuPercent: ((endCpu.user - startCpu.user + system) / seconds) * 100,
        systemPercent: (system / seconds) * 100,
        rssAvgMb: rss.reduce((sum, value) => sum + value, 0) / rss.length,
        rssPeakMb: Math.max(...rss),
      };
    },
  };
}

/** The whole machine's busy share over a window, in % of all its cores. */
export function sampleMachine() {
  const start = machineJiffies();
  return {
    stop(): number {
      const end = machineJiffies();
      return ((end.busy - start.busy) / (end.total - start.total)) * 100;
    },
  };
}
