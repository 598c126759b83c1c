import { describe, expect, it } from 'vitest';
import { weatherIconForCode } from './weatherIcon';

describe('weatherIconForCode', () => {
  it.each([
    [199, 'cloud'],
    [200, 'lightning'],
    [299, 'lightning'],
    [300, 'drizzle'],
    [399, 'drizzle'],
    [400, 'cloud'],
    [499, 'cloud'],
    [500, 'rain'],
    [599, 'rain'],
    [600, 'snow'],
    [699, 'snow'],
    [700, 'wind'],
    [799, 'wind'],
    [800, 'sun'],
    [801, 'cloud-sun'],
    [804, 'cloud-sun'],
    [900, 'cloud-sun'],
    [100, 'cloud'],
    [-1, 'cloud'],
    [Number.NaN, 'cloud'],
  ])('%d → %s', (code, icon) => {
    expect(weatherIconForCode(code)).toBe(icon);
  });
});
