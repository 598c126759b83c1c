export type WeatherIcon =
  | 'lightning'
  | 'drizzle'
  | 'rain'
  | 'snow'
  | 'wind'
  | 'sun'
  | 'cloud-sun'
  | 'cloud';

/**
 * spec §9: condition code → icon. The codes are OpenWeather condition ids (spec §3:
 * weather[0].id); a weather source with other codes must be mapped onto these first.
 */
export function weatherIconForCode(code: number): WeatherIcon {
  if (code >= 200 && code <= 299) return 'lightning';
  if (code >= 300 && code <= 399) return 'drizzle';
  if (code >= 500 && code <= 599) return 'rain';
  if (code >= 600 && code <= 699) return 'snow';
  if (code >= 700 && code <= 799) return 'wind';
  if (code === 800) return 'sun';
  if (code > 800) return 'cloud-sun';
  return 'cloud';
}
