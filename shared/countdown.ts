import type { SharedFeature } from './featureContract';

export type Countdown = {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  isExpired: boolean;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const EXPIRED: Countdown = { days: 0, hours: 0, minutes: 0, seconds: 0, isExpired: true };

/**
 * Time left until `target`, in whole days, hours, minutes and seconds. spec §3: a missing or past
 * date gives all zeros and isExpired true (an unparseable one too).
 */
export function getCountdown(
  target: Date | string | number | null | undefined,
  now: Date = new Date(),
): Countdown {
  if (target === null || target === undefined || target === '') return { ...EXPIRED };
  const left = new Date(target).getTime() - now.getTime();
  if (!Number.isFinite(left) || left <= 0) return { ...EXPIRED };
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
    isExpired: false,
  };
}

/** What the countdown adds to the shared lists (shared/contracts/features.ts). */
export const countdownShared = {
  widgets: { countdown: { width: 280, height: 230 } },
} as const satisfies SharedFeature;
