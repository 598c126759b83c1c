import { describe, expect, it } from 'vitest';
import { capacityOf, medianBy, nextProbe, type Probe } from './search';

const bounds = { start: 50, max: 300, step: 5 };

/** Runs the search against a server that passes every size up to `limit`. */
function search(limit: number) {
  const probes: Probe[] = [];
  for (let trips = nextProbe(probes, bounds); trips !== null; trips = nextProbe(probes, bounds)) {
    probes.push({ trips, pass: trips <= limit });
  }
  return probes;
}

describe('the capacity search', () => {
  it('grows by half while probes pass, then closes in on the edge to one step', () => {
    const probes = search(137);
    expect(probes.map((probe) => probe.trips).slice(0, 4)).toEqual([50, 75, 115, 175]);
    expect(capacityOf(probes)).toBe(135);
    expect(probes.length).toBeLessThanOrEqual(10);
  });

  it('searches below the start when the first probe fails', () => {
    const probes = search(12);
    expect(probes[0]).toEqual({ trips: 50, pass: false });
    expect(capacityOf(probes)).toBe(10);
  });

  it('stops at the largest size it may try', () => {
    const probes = search(1000);
    expect(probes.at(-1)).toEqual({ trips: 300, pass: true });
    expect(capacityOf(probes)).toBe(300);
  });

  it('finds nothing when even one step fails', () => {
    expect(capacityOf(search(3))).toBe(0);
  });

  it('lets a failure stand over a noisy pass above it', () => {
    const probes: Probe[] = [
      { trips: 50, pass: true },
      { trips: 75, pass: false },
      { trips: 90, pass: true },
    ];
    expect(capacityOf(probes)).toBe(50);
    expect(nextProbe(probes, bounds)).toBe(65);
  });
});

describe('the runs of a size', () => {
  it('are decided by the median run', () => {
    const runs = [{ p99: 61 }, { p99: 44 }, { p99: 48 }];
    expect(medianBy(runs, (run) => run.p99)).toBe(runs[2]);
    expect(medianBy([{ p99: 3 }, { p99: 1 }], (run) => run.p99)).toEqual({ p99: 1 });
    expect(() => medianBy([], (run: { p99: number }) => run.p99)).toThrow();
  });
});
