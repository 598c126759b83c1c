import { expect, type Page, test } from '@playwright/test';
import { newTraveller } from './support/accounts';
import { actAsNewVisitor, toast } from './support/ui';

// Issue #38: the board is a canvas larger than the window — panned, zoomed, tidied — and no
// widget ever lands on another.

type Box = { x: number; y: number; width: number; height: number };

async function firstVisit(page: Page) {
  const ip = await actAsNewVisitor(page);
  const origin = test.info().project.use.baseURL ?? '';
  const res = await page.request.post('/api/register', {
    data: newTraveller('canvas'),
    headers: { origin, 'x-forwarded-for': ip },
  });
  expect(res.status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Trip Countdown' })).toBeVisible({
    timeout: 30_000,
  });
}

/** Every widget's place on the page (on the canvas, in view or not). */
function boxes(page: Page): Promise<Box[]> {
  return page
    .locator('[data-widget-id]')
    .evaluateAll((frames) => frames.map((frame) => frame.getBoundingClientRect().toJSON()));
}

function overlapping(all: Box[]) {
  const pairs: string[] = [];
  for (const [index, a] of all.entries()) {
    for (const b of all.slice(index + 1)) {
      const apart =
        a.x + a.width <= b.x ||
        b.x + b.width <= a.x ||
        a.y + a.height <= b.y ||
        b.y + b.height <= a.y;
      if (!apart) pairs.push(JSON.stringify({ a, b }));
    }
  }
  return pairs;
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
]) {
  test(`every kind of widget added twice lands clear of the others (${viewport.width} × ${viewport.height})`, async ({
    page,
  }) => {
    test.slow(); // sixteen widgets added one by one through the dialog
    await page.setViewportSize(viewport);
    await firstVisit(page);
    const dialog = page.getByRole('dialog', { name: 'Add Widget' });
    // The kinds a Free trip may add (the whiteboard is Premium's).
    await page.getByRole('button', { name: 'Add Widget' }).click();
    const kinds = await dialog.locator('li button span.font-medium').allTextContents();
    await page.keyboard.press('Escape');
    expect(kinds.length).toBeGreaterThanOrEqual(8);
    let count = 5;
    for (const kind of [...kinds, ...kinds]) {
      await page.getByRole('button', { name: 'Add Widget' }).click();
      await dialog.getByRole('button', { name: new RegExp(`^${kind}`) }).click();
      await expect(dialog).toBeHidden();
      count += 1;
      await expect(page.locator('[data-widget-id]')).toHaveCount(count);
    }
    expect(overlapping(await boxes(page))).toEqual([]);
    // Each new one was shown where it went: the board scrolled to it when it was below the rest.
    await expect(page.locator('[data-widget-id]').last()).toBeInViewport();
  });
}

test('Tidy up lays every widget out without overlaps, and Undo puts them back', async ({
  page,
}) => {
  await firstVisit(page);
  const trips = (await (await page.request.get('/api/trips')).json()) as { id: string }[];
  const tripId = trips[0]!.id;
  const widgets = (await (await page.request.get(`/api/trips/${tripId}/widgets`)).json()) as {
    id: string;
    position: { top: number; left: number };
  }[];
  const origin = test.info().project.use.baseURL ?? '';
  // Three widgets piled on each other, as an old board could have them.
  for (const widget of widgets.slice(0, 3)) {
    const res = await page.request.patch(`/api/widgets/${widget.id}`, {
      data: { position: { top: 60, left: 60 } },
      headers: { origin },
    });
    expect(res.ok()).toBe(true);
  }
  await page.reload();
  await expect(page.getByRole('region', { name: 'Trip Countdown' })).toBeVisible({
    timeout: 30_000,
  });
  expect(overlapping(await boxes(page)).length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Tidy up' }).click();
  await expect(toast(page, 'Board tidied up')).toBeVisible();
  await expect.poll(async () => overlapping(await boxes(page))).toEqual([]);
  // For everyone: the saved board has the new places.
  const tidied = (await (await page.request.get(`/api/trips/${tripId}/widgets`)).json()) as {
    position: { top: number; left: number };
  }[];
  expect(tidied.filter((widget) => widget.position.top === 60).length).toBeLessThan(2);

  await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'Board tidied up' })
    .getByRole('button', { name: 'Undo' })
    .click();
  await expect
    .poll(async () => {
      const back = (await (await page.request.get(`/api/trips/${tripId}/widgets`)).json()) as {
        id: string;
        position: { top: number; left: number };
      }[];
      return back.map(({ id, position }) => ({ id, position }));
    })
    .toEqual(
      widgets.map(({ id, position }, index) => ({
        id,
        position: index < 3 ? { top: 60, left: 60 } : { top: position.top, left: position.left },
      })),
    );
});

test('the board zooms, fits everything in view, and pans by dragging empty space', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await firstVisit(page);
  const board = page.getByTestId('board');
  await expect(board).toHaveAttribute('data-zoom', '1');

  // A drag on empty space pans the board (bottom right of the view: no widget there at first).
  const empty = (await board.boundingBox())!;
  await page.mouse.move(empty.x + empty.width - 60, empty.y + empty.height - 60);
  await page.mouse.down();
  await page.mouse.move(empty.x + empty.width - 260, empty.y + empty.height - 60, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => board.evaluate((element) => element.scrollLeft)).toBeGreaterThan(150);
  await board.evaluate((element) => element.scrollTo(0, 0));

  // Zoom out with the button, back in with Ctrl + wheel over the board.
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect(page.getByRole('status', { name: 'Zoom' })).toHaveText('80%');
  const middle = (await board.boundingBox())!;
  await page.mouse.move(middle.x + middle.width / 2, middle.y + middle.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -400);
  await page.keyboard.up('Control');
  await expect.poll(async () => Number(await board.getAttribute('data-zoom'))).toBeGreaterThan(0.8);

  // A widget far out on the canvas: Fit all brings the whole board into view.
  const trips = (await (await page.request.get('/api/trips')).json()) as { id: string }[];
  const origin = test.info().project.use.baseURL ?? '';
  const far = await page.request.post(`/api/trips/${trips[0]!.id}/widgets`, {
    data: { type: 'weather', title: 'Far weather', position: { top: 1800, left: 2600 } },
    headers: { origin },
  });
  expect(far.status()).toBe(201);
  const farWidget = page.getByRole('region', { name: 'Far weather' });
  await expect(farWidget).toHaveCount(1); // it arrives live
  await expect(farWidget).not.toBeInViewport();
  await page.getByRole('button', { name: 'Fit all' }).click();
  await expect(farWidget).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Trip Countdown' })).toBeInViewport();
  expect(Number(await board.getAttribute('data-zoom'))).toBeLessThan(0.6);

  // The keyboard zooms too, up to 150 %.
  await board.focus();
  for (let step = 0; step < 10; step += 1) await page.keyboard.press('+');
  await expect(board).toHaveAttribute('data-zoom', '1.5');
});
