import { describe, expect, it } from 'vitest';
import { formatCelsius, formatWindKmh } from './weatherFormat';

describe('weather formatting', () => {
  it('rounds temperatures to whole degrees Celsius, never “-0”', () => {
    expect(formatCelsius(29.6)).toBe('30°C');
    expect(formatCelsius(29.4)).toBe('29°C');
    expect(formatCelsius(-0.4)).toBe('0°C');
    expect(formatCelsius(-3.6)).toBe('-4°C');
  });

  it('turns m/s into whole km/h', () => {
    expect(formatWindKmh(5.2)).toBe('19 km/h');
    expect(formatWindKmh(0)).toBe('0 km/h');
    expect(formatWindKmh(10)).toBe('36 km/h');
  });
});
