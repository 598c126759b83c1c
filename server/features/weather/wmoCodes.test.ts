import { describe, expect, it } from 'vitest';
import { weatherIconForCode } from '../../../shared/weatherIcon';
import { conditionForWmoCode, UNKNOWN_CONDITION, WMO_CONDITIONS } from './wmoCodes';

describe('WMO weather code → OpenWeather condition id', () => {
  it.each([
    [0, 800],
    [1, 801],
    [2, 802],
    [3, 804],
    [45, 741],
    [48, 741],
    [51, 300],
    [53, 301],
    [55, 302],
    [56, 311],
    [57, 312],
    [61, 500],
    [63, 501],
    [65, 502],
    [66, 511],
    [67, 511],
    [71, 600],
    [73, 601],
    [75, 602],
    [77, 611],
    [80, 520],
    [81, 521],
    [82, 522],
    [85, 620],
    [86, 622],
    [95, 211],
    [96, 202],
    [99, 202],
  ])('maps WMO %i to %i', (wmo, id) => {
    expect(conditionForWmoCode(wmo).id).toBe(id);
  });

  it('covers exactly the codes Open-Meteo documents', () => {
    expect(Object.keys(WMO_CONDITIONS).map(Number)).toEqual([
      0, 1, 2, 3, 45, 48, 51, 53, 55, 56, 57, 61, 63, 65, 66, 67, 71, 73, 75, 77, 80, 81, 82, 85,
      86, 95, 96, 99,
    ]);
  });

  it('describes each condition in lower-case English, as OpenWeather does', () => {
    expect(conditionForWmoCode(0).description).toBe('clear sky');
    expect(conditionForWmoCode(61).description).toBe('light rain');
    expect(conditionForWmoCode(99).description).toBe('thunderstorm with heavy hail');
    for (const { description } of Object.values(WMO_CONDITIONS)) {
      expect(description).toMatch(/^[a-z][a-z ]+[a-z]$/);
    }
  });

  it('draws the icon the spec §9 table gives that kind of weather', () => {
    const icon = (wmo: number) => weatherIconForCode(conditionForWmoCode(wmo).id);
    expect(icon(0)).toBe('sun');
    expect([1, 2, 3].map(icon)).toEqual(['cloud-sun', 'cloud-sun', 'cloud-sun']);
    expect([45, 48].map(icon)).toEqual(['wind', 'wind']);
    expect([51, 53, 55, 56, 57].map(icon)).toEqual(Array(5).fill('drizzle'));
    expect([61, 63, 65, 66, 67, 80, 81, 82].map(icon)).toEqual(Array(8).fill('rain'));
    expect([71, 73, 75, 77, 85, 86].map(icon)).toEqual(Array(6).fill('snow'));
    expect([95, 96, 99].map(icon)).toEqual(['lightning', 'lightning', 'lightning']);
  });

  it('gives an unknown or missing code a neutral condition instead of failing', () => {
    expect(UNKNOWN_CONDITION).toEqual({ id: 803, description: 'variable conditions' });
    expect(conditionForWmoCode(4)).toBe(UNKNOWN_CONDITION);
    expect(conditionForWmoCode(100)).toBe(UNKNOWN_CONDITION);
    expect(conditionForWmoCode(null)).toBe(UNKNOWN_CONDITION);
    expect(weatherIconForCode(UNKNOWN_CONDITION.id)).toBe('cloud-sun');
  });
});
