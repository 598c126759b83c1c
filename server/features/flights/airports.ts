import { createRequire } from 'node:module';
import { isTimeZone } from '../../../shared/calendar';
import { AIRPORT_MATCHES, type Airport } from '../../../shared/contracts/airports';

/*
 * The world's airports with their IANA zones (issue #37): codes, names, zones and sizes from the
 * airport-data-js package (its data under CC BY 4.0), the cities they serve from aircodes (MIT),
 * which airport-data-js does not carry. Read once, on the first search, and kept as a small list:
 * the packages' own structures (about 40 MB decoded) are let go.
 */

/** The fields of airport-data-js's records that are used here. */
type SourceAirport = {
  iata?: string;
  airport?: string;
  time?: string;
  country_code?: string;
  type?: string;
  scheduled_service?: boolean | string;
};

/** aircodes' records, for the city. */
type CityRecord = { iata?: string; city?: string };

type Entry = Airport & {
  /** Lower is first among equal matches: airlines' airports, then by size. */
  rank: number;
  /** Lower-case words of the city, name and country, each after a space, for prefix matches. */
  cityWords: string;
  nameWords: string;
  countryWords: string;
};

const SIZE_RANK: Record<string, number> = { large_airport: 0, medium_airport: 1, small_airport: 2 };

/** "São Paulo/Guarulhos" → " sao paulo guarulhos": accents and punctuation do not matter. */
function words(value: string): string {
  const plain = value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return ` ${plain}`;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function toEntry(source: SourceAirport, cities: Map<string, string>): Entry | null {
  const code = source.iata?.trim().toUpperCase() ?? '';
  // A few records carry a stray space in their zone ("Asia/ Bangkok").
  const timeZone = source.time?.replace(/\s+/g, '') ?? '';
  if (!/^[A-Z]{3}$/.test(code) || !source.airport || source.type === 'closed') return null;
  if (!isTimeZone(timeZone)) return null;
  const scheduled = String(source.scheduled_service).toUpperCase() === 'TRUE';
  const country = countryName(source.country_code ?? '');
  const city = cities.get(code) ?? null;
  return {
    code,
    name: source.airport.trim(),
    city,
    country,
    timeZone,
    rank: (scheduled ? 0 : 10) + (SIZE_RANK[source.type ?? ''] ?? 3),
    cityWords: city ? words(city) : '',
    nameWords: words(source.airport),
    countryWords: words(country),
  };
}

async function readAirports(): Promise<Entry[]> {
  const require = createRequire(import.meta.url);
  const path = require.resolve('airport-data-js');
  const source = require(path) as { findAirports: (filter: object) => Promise<SourceAirport[]> };
  const cities = new Map<string, string>();
  for (const record of require('aircodes/data/airports.json') as CityRecord[]) {
    const city = record.city?.trim();
    if (record.iata && city) cities.set(record.iata.toUpperCase(), city);
  }
  const byCode = new Map<string, Entry>();
  for (const record of await source.findAirports({})) {
    const entry = toEntry(record, cities);
    if (entry && !byCode.has(entry.code)) byCode.set(entry.code, entry);
  }
  for (const key of Object.keys(require.cache)) {
    if (/airport-data-js|jsonpack|aircodes/.test(key)) delete require.cache[key];
  }
  // Copied through JSON: strings sliced from the package's decoded text would keep it all alive.
  return JSON.parse(JSON.stringify([...byCode.values()])) as Entry[];
}

let airports: Promise<Entry[]> | null = null;

/** Every airport, read on first use. */
export function allAirports(): Promise<Entry[]> {
  airports ??= readAirports().catch((error) => {
    airports = null; // the next search tries again
    throw error;
  });
  return airports;
}

/**
 * The airports that match what was typed, best first: the code itself, then codes starting
 * with it, then cities and then names with a word starting with it ("tokyo", "heathrow",
 * "new york"), then countries. Among equals, airports with airline service first, then the
 * larger.
 */
export async function searchAirports(query: string): Promise<Airport[]> {
  const typed = words(query).trim();
  if (!typed) return [];
  const code = typed.toUpperCase();
  const wordStart = ` ${typed}`;
  const tier = (entry: Entry) => {
    if (entry.code === code) return 0;
    if (entry.code.startsWith(code)) return 1;
    if (entry.cityWords.includes(wordStart)) return 2;
    if (entry.nameWords.includes(wordStart)) return 3;
    if (entry.countryWords.includes(wordStart)) return 4;
    return null;
  };
  const found: { entry: Entry; tier: number }[] = [];
  for (const entry of await allAirports()) {
    const matched = tier(entry);
    if (matched !== null) found.push({ entry, tier: matched });
  }
  found.sort(
    (a, b) =>
      a.tier - b.tier ||
      a.entry.rank - b.entry.rank ||
      a.entry.name.localeCompare(b.entry.name, 'en'),
  );
  return found
    .slice(0, AIRPORT_MATCHES)
    .map(({ entry: { code, name, city, country, timeZone } }) => ({
      code,
      name,
      city,
      country,
      timeZone,
    }));
}
