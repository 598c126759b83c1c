/**
 * The outside services the e2e server talks to, played by the fakes the API tests use: weather
 * (Open-Meteo and OpenWeather formats), Pexels, Duffel's flight search and a site of listing
 * pages, on fixed local ports so playwright.config.ts
 * can point the server at them. Runs until Playwright stops it.
 *
 *   node --import tsx e2e/support/fakeServices.ts
 */
import { startFakeDuffel } from '../../server/test/fakes/duffelUpstream';
import { startListingSite } from '../../server/test/fakes/listingSite';
import { startFakePexels } from '../../server/test/fakes/pexelsUpstream';
import { startFakeWeatherUpstream } from '../../server/test/fakes/weatherUpstream';
import {
  E2E_FAKE_DUFFEL_PORT,
  E2E_FAKE_PEXELS_PORT,
  E2E_FAKE_WEATHER_PORT,
  E2E_LISTING_SITE_PORT,
  E2E_PEXELS_KEY,
} from './fakePorts';

const weather = await startFakeWeatherUpstream({ port: E2E_FAKE_WEATHER_PORT });
const pexels = await startFakePexels({ apiKey: E2E_PEXELS_KEY, port: E2E_FAKE_PEXELS_PORT });
const duffel = await startFakeDuffel({ port: E2E_FAKE_DUFFEL_PORT });
const listings = await startListingSite({ port: E2E_LISTING_SITE_PORT });
console.log(`fake weather at ${weather.url}, Pexels at ${pexels.url}, Duffel at ${duffel.url}`);

async function stop() {
  await Promise.all([weather.close(), pexels.close(), duffel.close(), listings.close()]);
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
