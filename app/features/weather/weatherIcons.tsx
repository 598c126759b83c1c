import {
  Cloud,
  CloudDrizzle,
  CloudLightning,
  CloudRain,
  CloudSnow,
  CloudSun,
  type LucideIcon,
  Sun,
  Wind,
} from 'lucide-react';
import { cn } from '@/lib/utils';
import { type WeatherIcon, weatherIconForCode } from '../../../shared/weatherIcon';

/** spec §9: the icon table, drawn with lucide. */
export const WEATHER_ICONS: Record<WeatherIcon, LucideIcon> = {
  lightning: CloudLightning,
  drizzle: CloudDrizzle,
  rain: CloudRain,
  snow: CloudSnow,
  wind: Wind,
  sun: Sun,
  'cloud-sun': CloudSun,
  cloud: Cloud,
};

/**
 * What each icon stands for, in words: a forecast day has no description of its own, so its icon
 * is the only way a screen reader hears the day's weather. 7xx codes are mist, haze, dust and the
 * like, which the table draws as wind.
 */
export const WEATHER_ICON_LABELS: Record<WeatherIcon, string> = {
  lightning: 'Thunderstorm',
  drizzle: 'Drizzle',
  rain: 'Rain',
  snow: 'Snow',
  wind: 'Mist or wind',
  sun: 'Clear sky',
  'cloud-sun': 'Partly cloudy',
  cloud: 'Cloudy',
};

const TONES: Record<WeatherIcon, string> = {
  lightning: 'text-violet-500 dark:text-violet-400',
  drizzle: 'text-sky-500 dark:text-sky-400',
  rain: 'text-sky-600 dark:text-sky-400',
  snow: 'text-cyan-500 dark:text-cyan-300',
  wind: 'text-slate-500 dark:text-slate-300',
  sun: 'text-amber-500 dark:text-amber-400',
  'cloud-sun': 'text-amber-500 dark:text-amber-300',
  cloud: 'text-slate-500 dark:text-slate-300',
};

type Props = {
  /** An OpenWeather condition id (spec §3 `weather[0].id`, or a forecast's `icon`). */
  code: number;
  className?: string;
  /** Named for screen readers; otherwise decorative (words beside it say the same). */
  labelled?: boolean;
};

/** The icon for a weather condition code (spec §9), in a colour that suits it. */
export function WeatherConditionIcon({ code, className, labelled = false }: Props) {
  const icon = weatherIconForCode(code);
  const Icon = WEATHER_ICONS[icon];
  const a11y = labelled
    ? { role: 'img', 'aria-label': WEATHER_ICON_LABELS[icon] }
    : { 'aria-hidden': true };
  return <Icon {...a11y} data-weather-icon={icon} className={cn(TONES[icon], className)} />;
}
