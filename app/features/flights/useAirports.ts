import { useQuery } from '@tanstack/react-query';
import type { Airport } from '../../../shared/contracts/airports';

/** The URL of an airport search; also its query key (airports do not change: kept for good). */
export const airportSearchUrl = (text: string) =>
  `/api/airports?q=${encodeURIComponent(text.trim())}`;

/** The airports matching `text` (none asked for while it is empty). */
export function useAirportSearch(text: string) {
  const typed = text.trim();
  return useQuery<Airport[]>({
    queryKey: [airportSearchUrl(typed)],
    enabled: typed.length > 0,
  });
}

/** The airport with this IATA code, or null when the list has none (a code typed long ago). */
export function useAirport(code: string) {
  const search = useAirportSearch(code);
  const found = search.data?.find((airport) => airport.code === code.trim().toUpperCase());
  return { airport: found ?? null, isPending: search.isPending && code.trim() !== '' };
}
