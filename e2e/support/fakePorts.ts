// Where the e2e run's fake outside services listen (next to the app server's 4317).
export const E2E_FAKE_WEATHER_PORT = Number(process.env.E2E_FAKE_WEATHER_PORT ?? 4318);
export const E2E_FAKE_PEXELS_PORT = Number(process.env.E2E_FAKE_PEXELS_PORT ?? 4319);
// Not a secret: the fake Pexels checks that the server sends the key it was configured with.
export const E2E_PEXELS_KEY = 'e2e-pexels-key';
export const E2E_FAKE_DUFFEL_PORT = Number(process.env.E2E_FAKE_DUFFEL_PORT ?? 4328);
// Listing pages to paste into a shortlist; the e2e server may read 127.0.0.1 for them alone.
export const E2E_LISTING_SITE_PORT = Number(process.env.E2E_LISTING_SITE_PORT ?? 4329);
