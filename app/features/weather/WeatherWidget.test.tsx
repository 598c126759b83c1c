import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useWidgets } from '@/features/board/useWidgets';
import { makeTrip } from '@/features/trips/tripFixtures';
import { deferred, mockApi, type Reply, type Route } from '@/test/api';
import { renderPage, resetToasts } from '@/test/render';
import type { Widget } from '../../../shared/contracts/board';
import type { Trip } from '../../../shared/contracts/trips';
import { WeatherWidget, weatherCity } from './WeatherWidget';

const WIDGETS_URL = '/api/trips/t1/widgets';
const PATCH_URL = '/api/widgets/weather1';
const weatherUrl = (city: string) =>
  `/api/weather?${new URLSearchParams({ city, units: 'metric' })}`;
const forecastUrl = (city: string) =>
  `/api/weather/forecast?${new URLSearchParams({ city, units: 'metric' })}`;

/** spec §3: a current-weather answer (metric: °C, wind in m/s). */
const sunnyInBali = {
  name: 'Denpasar',
  weather: [{ id: 800, description: 'clear sky' }],
  main: { temp: 29.6, humidity: 74, feels_like: 33.4 },
  wind: { speed: 5.2 },
};

/** Five days from Sunday, Dec 20 2026; the widget shows the first four. */
const fiveDays = {
  forecasts: [
    { date: '2026-12-20', temp: 31.2, icon: 500 },
    { date: '2026-12-21', temp: 30.5, icon: 211 },
    { date: '2026-12-22', temp: 29.4, icon: 802 },
    { date: '2026-12-23', temp: 28.6, icon: 741 },
    { date: '2026-12-24', temp: 27.9, icon: 800 },
  ],
};

function makeWeather(data: Widget['data'] = null): Widget {
  return {
    id: 'weather1',
    tripId: 't1',
    type: 'weather',
    position: { top: 96, left: 720 },
    title: 'Weather',
    data,
  };
}

/** The widget as the board shows it: from the cached board, so a saved city shows. */
function OnBoard({ trip, expanded }: { trip: Trip; expanded: boolean }) {
  const widget = useWidgets(trip.id).data?.[0];
  return widget ? <WeatherWidget widget={widget} trip={trip} expanded={expanded} /> : null;
}

async function renderWeather(
  current: Route,
  {
    forecast = { body: fiveDays },
    trip = makeTrip(),
    data = null,
    expanded = false,
    routes = {},
  }: {
    forecast?: Route;
    trip?: Trip;
    data?: Widget['data'];
    expanded?: boolean;
    routes?: Record<string, Route>;
  } = {},
) {
  const city = weatherCity(trip, data);
  const api = mockApi({
    [`GET ${WIDGETS_URL}`]: { body: [makeWeather(data)] },
    [`GET ${weatherUrl(city)}`]: current,
    [`GET ${forecastUrl(city)}`]: forecast,
    ...routes,
  });
  renderPage(<OnBoard trip={trip} expanded={expanded} />, { route: '/dashboard' });
  await screen.findByRole('button', { name: 'Change city' });
  return { api, user: userEvent.setup() };
}

/** The weather requests made, in order. */
const weatherCalls = (api: Awaited<ReturnType<typeof renderWeather>>['api']) =>
  api
    .actions()
    .map((call) => call.url)
    .filter((url) => url.startsWith('/api/weather'));

async function findUnavailable() {
  const status = (await screen.findByText('Weather data unavailable')).closest(
    '[role="status"]',
  ) as HTMLElement;
  expect(status.textContent).toBe(
    'Weather data unavailablePlease check your connection or try again later',
  );
  expect(screen.queryByRole('status', { name: 'Loading the weather' })).toBeNull();
  expect(document.querySelector('[data-widget-loaded]')).toBeNull();
  return status;
}

afterEach(() => {
  resetToasts();
});

describe('weatherCity', () => {
  it('is the widget’s own city, else the trip’s destination, else Denpasar', () => {
    const bali = { destination: 'Bali, Indonesia' };
    expect(weatherCity(bali, { city: '  Ubud ' })).toBe('Ubud');
    expect(weatherCity(bali, null)).toBe('Bali, Indonesia');
    expect(weatherCity(bali, { city: '   ' })).toBe('Bali, Indonesia');
    expect(weatherCity(bali, { city: 42 })).toBe('Bali, Indonesia');
    expect(weatherCity({ destination: null }, null)).toBe('Denpasar');
    expect(weatherCity({ destination: ' ' }, {})).toBe('Denpasar');
  });
});

describe('WeatherWidget', () => {
  it('asks for the metric weather and forecast of the city, with a spinner meanwhile', async () => {
    const reply = deferred<Reply>();
    const { api } = await renderWeather(() => reply.promise, { data: { city: 'Ubud' } });
    expect(screen.getByText('Ubud')).toBeVisible();
    expect(screen.getByRole('status', { name: 'Loading the weather' })).toBeVisible();
    expect(weatherCalls(api)).toEqual([
      '/api/weather?city=Ubud&units=metric',
      '/api/weather/forecast?city=Ubud&units=metric',
    ]);

    reply.resolve({ body: sunnyInBali });
    expect(await screen.findByText('30°C')).toBeVisible();
    expect(screen.queryByRole('status', { name: 'Loading the weather' })).toBeNull();
  });

  it('shows the icon, temperature, conditions, humidity, feels-like and wind in km/h', async () => {
    await renderWeather({ body: sunnyInBali });
    expect(screen.getByText('Bali, Indonesia')).toBeVisible();
    const temperature = await screen.findByText('30°C');
    expect(screen.getByText('clear sky')).toBeVisible();
    // spec §9: exactly 800 is the sun.
    const icon = temperature.closest('[data-widget-loaded]')?.querySelector('svg');
    expect(icon?.getAttribute('data-weather-icon')).toBe('sun');
    expect(icon?.classList.contains('lucide-sun')).toBe(true);
    const facts = Object.fromEntries(
      screen
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    // 5.2 m/s is 18.72 km/h.
    expect(facts).toEqual({ Humidity: '74%', 'Feels like': '33°C', Wind: '19 km/h' });
    // spec §9: the frame widens to 300 px once the data is in; this marks the moment.
    expect(temperature.closest('[data-widget-loaded]')).toBeTruthy();
  });

  it('shows the first 4 days of the forecast: weekday, icon and temperature', async () => {
    await renderWeather({ body: sunnyInBali });
    const forecast = await screen.findByRole('list', { name: 'Forecast' });
    const days = within(forecast)
      .getAllByRole('listitem')
      .map((day) => [day.textContent, within(day).getByRole('img').getAttribute('aria-label')]);
    expect(days).toEqual([
      ['Sun31°C', 'Rain'],
      ['Mon31°C', 'Thunderstorm'],
      ['Tue29°C', 'Partly cloudy'],
      ['Wed29°C', 'Mist or wind'],
    ]);
  });

  it.each([
    [211, 'lightning', 'lucide-cloud-lightning'],
    [301, 'drizzle', 'lucide-cloud-drizzle'],
    [502, 'rain', 'lucide-cloud-rain'],
    [601, 'snow', 'lucide-cloud-snow'],
    [701, 'wind', 'lucide-wind'],
    [800, 'sun', 'lucide-sun'],
    [803, 'cloud-sun', 'lucide-cloud-sun'],
    [100, 'cloud', 'lucide-cloud'],
  ])('draws condition %i with the %s icon', async (code, icon, lucideClass) => {
    await renderWeather({
      body: { ...sunnyInBali, weather: [{ id: code, description: 'whatever' }] },
    });
    const drawn = (await screen.findByText('whatever'))
      .closest('[data-widget-loaded]')
      ?.querySelector('svg');
    expect(drawn?.getAttribute('data-weather-icon')).toBe(icon);
    expect(drawn?.classList.contains(lucideClass)).toBe(true);
  });

  it.each([
    ['fails (500)', { status: 500, body: { message: 'Internal server error' } }],
    ['is down upstream (502)', { status: 502, body: { message: 'The weather service is down' } }],
    ['answers without conditions', { body: { name: 'Denpasar' } }],
    ['answers 404 without saying why', { status: 404, body: {} }],
  ])('says the weather is unavailable when the service %s', async (_when, reply) => {
    await renderWeather(reply);
    await findUnavailable();
    expect(screen.queryByText('The weather service is down')).toBeNull();
  });

  it('tries again on request after a failure', async () => {
    let answer: Reply = { status: 502, body: { message: 'The weather service is down' } };
    const { api, user } = await renderWeather(() => answer);
    await findUnavailable();
    answer = { body: sunnyInBali };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('30°C')).toBeVisible();
    expect(api.callsTo(`GET ${weatherUrl('Bali, Indonesia')}`)).toHaveLength(2);
  });

  // Issue #17: a retry put the query back to pending, so the card (and its Try again, with what
  // it had to say) gave way to a spinner; a retry that failed again looked like nothing.
  it('keeps the card while a retry runs, and says when it last tried after it fails again', async () => {
    const held = deferred<Reply>();
    let calls = 0;
    const { user } = await renderWeather(() => {
      calls += 1;
      return calls === 1 ? { status: 502, body: { message: 'down' } } : held.promise;
    });
    await findUnavailable();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Weather data unavailable')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    held.resolve({ status: 502, body: { message: 'down' } });
    expect(await screen.findByText(/^Still unavailable at /)).toBeVisible();
  });

  it('says what the server says when it does not know the city, and offers Change city', async () => {
    await renderWeather(
      {
        status: 404,
        body: { message: 'We could not find a place called Atlantis', code: 'unknown_city' },
      },
      { data: { city: 'Atlantis' } },
    );
    const status = (await screen.findByText('We could not find a place called Atlantis')).closest(
      '[role="status"]',
    );
    expect(status?.textContent).toBe('We could not find a place called Atlantis');
    expect(screen.queryByText('Weather data unavailable')).toBeNull();
    expect(screen.getByRole('button', { name: 'Change city' })).toBeVisible();
    expect(document.querySelector('[data-widget-loaded]')).toBeNull();
  });

  it('says what the server says when it refuses the city (400)', async () => {
    await renderWeather(
      {
        status: 400,
        body: { message: 'City names are at most 120 characters', code: 'invalid_input' },
      },
      { data: { city: 'x'.repeat(101) } },
    );
    expect(await screen.findByText('City names are at most 120 characters')).toBeVisible();
    expect(screen.queryByText('Weather data unavailable')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('shows today’s conditions when only the forecast fails', async () => {
    await renderWeather(
      { body: sunnyInBali },
      { forecast: { status: 502, body: { message: 'The weather service is down' } } },
    );
    expect(await screen.findByText('30°C')).toBeVisible();
    expect(await screen.findByText('Forecast unavailable')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Forecast' })).toBeNull();
  });

  it('asks for Denpasar’s weather when the trip has no destination', async () => {
    const { api } = await renderWeather(
      { body: sunnyInBali },
      { trip: makeTrip({ destination: null }) },
    );
    expect(await screen.findByText('30°C')).toBeVisible();
    expect(screen.getByText('Denpasar')).toBeVisible();
    expect(weatherCalls(api)).toEqual([
      '/api/weather?city=Denpasar&units=metric',
      '/api/weather/forecast?city=Denpasar&units=metric',
    ]);
  });

  it('shows the same report, larger, when expanded', async () => {
    await renderWeather({ body: sunnyInBali }, { expanded: true });
    expect((await screen.findByText('30°C')).className).toContain('text-6xl');
    expect(screen.getByRole('list', { name: 'Forecast' }).children).toHaveLength(4);
  });

  describe('Change city', () => {
    const cityField = () => screen.getByLabelText('City') as HTMLInputElement;

    it('saves the new city on the widget (PATCH { data }) and shows its weather', async () => {
      const { api, user } = await renderWeather(
        { body: sunnyInBali },
        {
          data: { city: 'Denpasar', note: 'kept' },
          routes: {
            [`PATCH ${PATCH_URL}`]: (call) => ({
              body: { ...makeWeather(), ...(call.body as object) },
            }),
            [`GET ${weatherUrl('Ubud')}`]: {
              body: { ...sunnyInBali, name: 'Ubud', main: { ...sunnyInBali.main, temp: 24.2 } },
            },
            [`GET ${forecastUrl('Ubud')}`]: { body: fiveDays },
          },
        },
      );
      await screen.findByText('30°C');
      await user.click(screen.getByRole('button', { name: 'Change city' }));
      expect(cityField().value).toBe('Denpasar');
      expect(document.activeElement).toBe(cityField());

      await user.clear(cityField());
      await user.type(cityField(), '  Ubud {Enter}');

      expect(api.callsTo(`PATCH ${PATCH_URL}`).map((call) => call.body)).toEqual([
        { data: { city: 'Ubud', note: 'kept' } },
      ]);
      expect(screen.queryByLabelText('City')).toBeNull();
      expect(await screen.findByText('24°C')).toBeVisible();
      expect(screen.getByText('Ubud')).toBeVisible();
      expect(weatherCalls(api).slice(-2)).toEqual([
        '/api/weather?city=Ubud&units=metric',
        '/api/weather/forecast?city=Ubud&units=metric',
      ]);
    });

    it('refuses an empty city with the contract’s words, and sends nothing', async () => {
      const { api, user } = await renderWeather({ body: sunnyInBali });
      await user.click(screen.getByRole('button', { name: 'Change city' }));
      await user.clear(cityField());
      await user.type(cityField(), '   ');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      expect(screen.getByRole('alert').textContent).toBe('Please name a city');
      expect(cityField().getAttribute('aria-invalid')).toBe('true');
      expect(api.callsTo(`PATCH ${PATCH_URL}`)).toEqual([]);
    });

    it('leaves everything as it was on Escape and gives focus back', async () => {
      const { api, user } = await renderWeather({ body: sunnyInBali });
      await user.click(screen.getByRole('button', { name: 'Change city' }));
      await user.type(cityField(), 'Lisbon');
      await user.keyboard('{Escape}');

      expect(screen.queryByLabelText('City')).toBeNull();
      expect(screen.getByText('Bali, Indonesia')).toBeVisible();
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change city' })),
      );
      expect(api.actions().filter((call) => call.method !== 'GET')).toEqual([]);
    });

    it('goes back to the trip’s destination (PATCH { data: null })', async () => {
      const { api, user } = await renderWeather(
        { body: sunnyInBali },
        {
          data: { city: 'Ubud' },
          routes: {
            [`PATCH ${PATCH_URL}`]: { body: makeWeather() },
            [`GET ${weatherUrl('Bali, Indonesia')}`]: { body: sunnyInBali },
            [`GET ${forecastUrl('Bali, Indonesia')}`]: { body: fiveDays },
          },
        },
      );
      await user.click(screen.getByRole('button', { name: 'Change city' }));
      await user.click(screen.getByRole('button', { name: "Use the trip's destination" }));

      expect(api.callsTo(`PATCH ${PATCH_URL}`).map((call) => call.body)).toEqual([{ data: null }]);
      expect(screen.getByText('Bali, Indonesia')).toBeVisible();
    });
  });
});
