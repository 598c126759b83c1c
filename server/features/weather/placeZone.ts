import type { FastifyBaseLogger } from 'fastify';
import { isTimeZone } from '../../../shared/calendar';
import type { Config } from '../../platform/config';
import { TtlCache } from '../../platform/ttlCache';
import { UpstreamError } from '../../platform/upstream';
import { geocodePlace } from './openMeteo';
import { normaliseCity } from './service';

// A place's zone hardly ever changes: a day spares the geocoder a trip's every edit.
const ZONE_CACHE_MS = 24 * 60 * 60_000;
// A trip is being saved meanwhile: a geocoder slower than this is treated as down.
const ZONE_LOOKUP_TIMEOUT_MS = 3000;

/**
 * Issue #37: a place's IANA zone, from Open-Meteo's geocoder (whatever the weather provider: it
 * needs no key and names the zone of every place). null for a place it does not know or whose
 * zone this server's Intl does not; undefined when it could not be asked, logged, never thrown:
 * a trip is saved without its zone rather than not at all.
 */
export function placeTimeZones(
  settings: Pick<Config['weather'], 'openMeteoGeocodingUrl'>,
  log: FastifyBaseLogger,
  { timeoutMs = ZONE_LOOKUP_TIMEOUT_MS }: { timeoutMs?: number } = {},
) {
  const zones = new TtlCache<string | null>(ZONE_CACHE_MS);
  return async function placeTimeZone(place: string): Promise<string | null | undefined> {
    const key = normaliseCity(place);
    if (!key) return null;
    try {
      return await zones.get(key, async () => {
        const found = await geocodePlace(settings, place, { timeoutMs });
        return found?.timezone && isTimeZone(found.timezone) ? found.timezone : null;
      });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      log.warn(
        { service: error.service, failure: error.failure, status: error.status },
        `A destination's time zone is unknown for now: ${error.message}`,
      );
      return undefined;
    }
  };
}
