import { describe, expect, it } from 'vitest';
import { countdownDates, tripPhase } from './countdownDates';

const trip = { startDate: '2026-12-20', endDate: '2027-01-03' };

describe('countdownDates', () => {
  it("counts to the trip's dates by default", () => {
    expect(countdownDates(trip, null)).toEqual({ ...trip, own: false });
    expect(countdownDates(trip, { city: 'Ubud' })).toEqual({ ...trip, own: false });
  });

  it("uses the widget's own dates, an end before the start becoming the start", () => {
    expect(countdownDates(trip, { startDate: '2026-12-01', endDate: '2026-12-05' })).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-05',
      own: true,
    });
    expect(countdownDates(trip, { startDate: '2026-12-01', endDate: '2026-11-05' })).toEqual({
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      own: true,
    });
  });

  it("falls back to the trip's dates when the widget's are not days", () => {
    expect(countdownDates(trip, { startDate: 'soon' })).toEqual({ ...trip, own: false });
  });
});

describe('tripPhase', () => {
  const dates = { ...trip, own: false };
  it('is upcoming before the first day, under way through the last, then over', () => {
    expect(tripPhase(dates, new Date(2026, 11, 19, 23, 59))).toBe('upcoming');
    expect(tripPhase(dates, new Date(2026, 11, 20, 0, 0))).toBe('under-way');
    expect(tripPhase(dates, new Date(2027, 0, 3, 23, 59))).toBe('under-way');
    expect(tripPhase(dates, new Date(2027, 0, 4, 0, 0))).toBe('over');
  });
});
