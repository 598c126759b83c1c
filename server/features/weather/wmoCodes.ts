/**
 * Open-Meteo reports conditions as WMO weather interpretation codes (WMO 4677, the subset Open-Meteo
 * documents). The widget draws icons from OpenWeather condition ids (spec §3 `weather[0].id`, the
 * icon table of spec §9), so each code maps onto the OpenWeather id that draws the same icon, with
 * an English description of the WMO meaning, lower case as OpenWeather writes them.
 */
export type Condition = { id: number; description: string };

export const WMO_CONDITIONS: Readonly<Record<number, Condition>> = {
  0: { id: 800, description: 'clear sky' },
  1: { id: 801, description: 'mainly clear' },
  2: { id: 802, description: 'partly cloudy' },
  3: { id: 804, description: 'overcast clouds' },
  45: { id: 741, description: 'fog' },
  48: { id: 741, description: 'freezing fog' },
  51: { id: 300, description: 'light drizzle' },
  53: { id: 301, description: 'drizzle' },
  55: { id: 302, description: 'heavy drizzle' },
  56: { id: 311, description: 'light freezing drizzle' },
  57: { id: 312, description: 'heavy freezing drizzle' },
  61: { id: 500, description: 'light rain' },
  63: { id: 501, description: 'moderate rain' },
  65: { id: 502, description: 'heavy rain' },
  66: { id: 511, description: 'light freezing rain' },
  67: { id: 511, description: 'heavy freezing rain' },
  71: { id: 600, description: 'light snow' },
  73: { id: 601, description: 'snow' },
  75: { id: 602, description: 'heavy snow' },
  77: { id: 611, description: 'snow grains' },
  80: { id: 520, description: 'light rain showers' },
  81: { id: 521, description: 'rain showers' },
  82: { id: 522, description: 'violent rain showers' },
  85: { id: 620, description: 'light snow showers' },
  86: { id: 622, description: 'heavy snow showers' },
  95: { id: 211, description: 'thunderstorm' },
  96: { id: 202, description: 'thunderstorm with light hail' },
  99: { id: 202, description: 'thunderstorm with heavy hail' },
};

/**
 * A code Open-Meteo does not document (or a missing one, which it sends as null) still gives an
 * answer rather than a failed widget: 803 draws the neutral cloud-with-sun icon, and the words
 * admit that we do not know more.
 */
export const UNKNOWN_CONDITION: Condition = { id: 803, description: 'variable conditions' };

export function conditionForWmoCode(code: number | null | undefined): Condition {
  if (code === null || code === undefined) return UNKNOWN_CONDITION;
  return WMO_CONDITIONS[code] ?? UNKNOWN_CONDITION;
}
