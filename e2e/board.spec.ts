import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { newTraveller } from './support/accounts';
import { actAsNewVisitor } from './support/ui';

/** Signs a fresh traveller up (through the API, as the browser would) and opens the dashboard. */
async function firstVisit(page: Page) {
  // Sign-ups are limited per address: each test signs up from an address of its own.
  const ip = await actAsNewVisitor(page);
  const me = newTraveller('board');
  const origin = test.info().project.use.baseURL ?? '';
  const res = await page.request.post('/api/register', {
    data: me,
    headers: { origin, 'x-forwarded-for': ip },
  });
  expect(res.status()).toBe(201);
  await page.goto('/dashboard');
  // The first load of a board and its widgets: slower than a page on a busy CI machine.
  await expect(widget(page, 'Trip Countdown')).toBeVisible({ timeout: 30_000 });
  return me;
}

/** A date input's value for the local day `days` from now. */
function dayFromNow(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function widget(page: Page, title: string) {
  return page.getByRole('region', { name: title, exact: true });
}

async function boxOf(page: Page, title: string) {
  const box = await widget(page, title).boundingBox();
  if (!box) throw new Error(`${title} is not on screen`);
  return box;
}

const DEFAULT_WIDGETS = [
  'Trip Countdown',
  'Flight Details',
  'Weather',
  'Group To-Do List',
  'Destination Photos',
];

test('a first visit lands on Bali 2023 with the five widgets and a ticking countdown', {
  tag: '@phone',
}, async ({ page }) => {
  await firstVisit(page);
  await expect(page.getByRole('button', { name: /Bali 2023/ })).toBeVisible();
  for (const title of DEFAULT_WIDGETS) await expect(widget(page, title)).toBeVisible();
  await expect(page.locator('[data-widget-id]')).toHaveCount(5);

  // 30 days out, ticking every second.
  const countdown = widget(page, 'Trip Countdown');
  await expect(countdown.getByText('Days')).toBeVisible();
  const days = countdown.locator('dd').first();
  await expect(days).toHaveText(/^(29|30)$/);
  const seconds = countdown.locator('dd').nth(3);
  const before = await seconds.textContent();
  await expect(seconds).not.toHaveText(before ?? '', { timeout: 2500 });

  // The sample to-dos are real rows.
  await expect(widget(page, 'Group To-Do List').getByText('0 of 5 done')).toBeVisible();
});

test('a dragged widget stays where it was dropped, after a reload too', async ({ page }) => {
  await firstVisit(page);
  const start = await boxOf(page, 'Weather');
  const header = widget(page, 'Weather').locator('header');
  const grip = await header.boundingBox();
  if (!grip) throw new Error('no header');

  const saved = page.waitForResponse(
    (res) => res.request().method() === 'PATCH' && /\/api\/widgets\//.test(res.url()),
  );
  const from = { x: grip.x + 60, y: grip.y + grip.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 100, from.y + 150, { steps: 8 });
  await page.mouse.move(from.x + 200, from.y + 300, { steps: 8 });
  await page.mouse.up();
  expect((await saved).status()).toBe(200);

  const dropped = await boxOf(page, 'Weather');
  expect(Math.round(dropped.x - start.x)).toBe(200);
  expect(Math.round(dropped.y - start.y)).toBe(300);

  await page.reload();
  await expect(widget(page, 'Weather')).toBeVisible();
  const reloaded = await boxOf(page, 'Weather');
  expect(Math.round(reloaded.x)).toBe(Math.round(dropped.x));
  expect(Math.round(reloaded.y)).toBe(Math.round(dropped.y));

  // Dragged past the window's right edge it stays on the canvas, which grows to hold it (issue
  // #38); dragged past the top it stops at the canvas's top edge.
  const again = await widget(page, 'Weather').locator('header').boundingBox();
  if (!again) throw new Error('no header');
  const moved = page.waitForResponse(
    (res) => res.request().method() === 'PATCH' && /\/api\/widgets\//.test(res.url()),
  );
  const board = page.getByTestId('board');
  const edge = (await board.boundingBox())!;
  await page.mouse.move(again.x + 60, again.y + again.height / 2);
  await page.mouse.down();
  // Up to the top bar (still in the window: a browser sends no moves from outside it).
  await page.mouse.move(again.x + 660, edge.y - 30, { steps: 10 });
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
  const past = await boxOf(page, 'Weather');
  expect(Math.round(past.y)).toBe(Math.round(edge.y));
  // On the canvas, 600 px further right (480 + 200 from the first drag, + 600).
  expect(await widget(page, 'Weather').evaluate((frame) => frame.style.left)).toBe('1280px');
  expect(1280 + past.width).toBeGreaterThan(edge.width);
  // The board scrolls sideways to it.
  await board.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(widget(page, 'Weather')).toBeInViewport({ ratio: 1 });
});

test('a focused widget title moves with the arrow keys, and the move is saved', async ({
  page,
}) => {
  await firstVisit(page);
  const start = await boxOf(page, 'Trip Countdown');
  const handle = widget(page, 'Trip Countdown').getByRole('button', {
    name: 'Trip Countdown',
    exact: true,
  });
  await handle.focus();
  // The save that counts is the one with all three steps: on a busy machine the keys may rest
  // long enough between presses for an earlier step to be saved on its own first.
  const saved = page.waitForResponse(
    (res) =>
      res.request().method() === 'PATCH' &&
      /\/api\/widgets\//.test(res.url()) &&
      res.request().postDataJSON()?.position?.top === 24 + 50,
  );
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Shift+ArrowDown');
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON().position).toEqual({ top: 24 + 50, left: 24 + 20 });
  const moved = await boxOf(page, 'Trip Countdown');
  expect(Math.round(moved.x - start.x)).toBe(20);
  expect(Math.round(moved.y - start.y)).toBe(50);
  await page.reload();
  const reloaded = await boxOf(page, 'Trip Countdown');
  expect(Math.round(reloaded.x)).toBe(Math.round(moved.x));
});

// Issue #17: the hint says "Double-click or press F2", but a mouse's double-click went to the
// header's drag handling (its pointer capture) and never reached the title.
test('a widget title double-clicked with a mouse is renamed, and stays put', async ({ page }) => {
  await firstVisit(page);
  const start = await boxOf(page, 'Trip Countdown');
  await widget(page, 'Trip Countdown').getByRole('heading', { name: 'Trip Countdown' }).dblclick();
  const field = page.getByRole('textbox', { name: 'Widget title' });
  await expect(field).toBeFocused();
  const saved = page.waitForResponse(
    (res) => res.request().method() === 'PATCH' && /\/api\/widgets\//.test(res.url()),
  );
  await field.fill('Days until Bali');
  await field.press('Enter');
  const response = await saved;
  expect(response.request().postDataJSON()).toEqual({ title: 'Days until Bali' });
  await expect(widget(page, 'Days until Bali')).toBeVisible();
  const after = await boxOf(page, 'Days until Bali');
  expect([Math.round(after.x), Math.round(after.y)]).toEqual([
    Math.round(start.x),
    Math.round(start.y),
  ]);
});

test(
  'a widget is added from the dialog, clear of the others, and removed',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await firstVisit(page);
    await page.getByRole('button', { name: 'Add Widget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Widget' });
    for (const [name, description] of [
      ['Countdown Timer', 'Track the time left until your trip'],
      ['Flight Details', 'Manage your flight information'],
      ['Weather Widget', 'View forecast for your destination'],
      ['Group To-Do List', 'Collaborate on travel tasks'],
      ['Photo Carousel', 'Browse destination photos'],
    ]) {
      await expect(dialog.getByRole('button', { name: `${name} ${description}` })).toBeVisible();
    }
    await dialog.getByRole('button', { name: /Countdown Timer/ }).click();
    await expect(dialog).toBeHidden();

    const added = widget(page, 'New countdown Widget');
    await expect(added).toBeVisible();
    expect(await added.getAttribute('data-widget-id')).toMatch(/^countdown\d{13}$/);
    if (testInfo.project.name === 'desktop') {
      // spec §4's 100/100 is taken on the first board, so it goes to the nearest free place, on
      // top of nothing (issue #17: it covered the countdown), inside the board.
      const board = (await page.getByTestId('board').boundingBox())!;
      const box = await boxOf(page, 'New countdown Widget');
      const others = await page
        .locator('[data-widget-id]')
        .filter({ hasNot: page.getByRole('heading', { name: 'New countdown Widget' }) })
        .evaluateAll((frames) => frames.map((frame) => frame.getBoundingClientRect().toJSON()));
      expect(others).toHaveLength(5);
      for (const other of others as { x: number; y: number; width: number; height: number }[]) {
        const apart =
          box.x + box.width <= other.x ||
          other.x + other.width <= box.x ||
          box.y + box.height <= other.y ||
          other.y + other.height <= box.y;
        expect(apart, JSON.stringify({ box, other })).toBe(true);
      }
      expect(box.x + box.width).toBeLessThanOrEqual(board.x + board.width + 1);
      expect(box.y).toBeGreaterThanOrEqual(board.y);
    }
    // Focus is on the new widget's title, where F2 renames it.
    const title = added.getByRole('button', { name: 'New countdown Widget', exact: true });
    await expect(title).toBeFocused();
    await page.keyboard.press('F2');
    await added.getByLabel('Widget title').fill('Countdown to Ubud');
    await page.keyboard.press('Enter');
    const renamed = widget(page, 'Countdown to Ubud');
    await expect(
      renamed.getByRole('button', { name: 'Countdown to Ubud', exact: true }),
    ).toBeFocused();
    await page.reload();
    await expect(renamed).toBeVisible();

    await renamed.getByRole('button', { name: 'Remove Countdown to Ubud' }).click();
    await expect(renamed).toHaveCount(0);
    // Removing is for everyone: the toast's Undo brings it back as it was (issue #17).
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByRole('listitem')
      .filter({ hasText: 'Countdown to Ubud removed' })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(renamed).toBeVisible();
    await renamed.getByRole('button', { name: 'Remove Countdown to Ubud' }).click();
    await expect(renamed).toHaveCount(0);
    await page.reload();
    await expect(widget(page, 'Trip Countdown')).toBeVisible();
    await expect(page.locator('[data-widget-id]')).toHaveCount(5);
  },
);

test(
  'a widget expands to a centred overlay and Escape collapses it',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await firstVisit(page);
    const todo = widget(page, 'Group To-Do List');
    const collapsed = await boxOf(page, 'Group To-Do List');
    await todo.getByRole('button', { name: 'Expand Group To-Do List' }).click();
    await expect(todo).toHaveAttribute('data-expanded', 'true');
    const viewport = page.viewportSize()!;
    const box = await boxOf(page, 'Group To-Do List');
    if (testInfo.project.name === 'phone') {
      // Issue #17: at 80 % of a phone it was narrower than the widget it expanded, a word a line.
      expect(Math.round(box.width)).toBe(viewport.width - 16);
      // Issue #22: the whole height below the top bar (centred, its header slid under the bar).
      const bar = (await page.getByRole('banner').boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
      expect(Math.round(box.y + box.height)).toBe(viewport.height - 8);
      expect(box.width).toBeGreaterThan(collapsed.width);
      const task = (await todo.getByRole('listitem').first().locator('label').boundingBox())!;
      expect(task.width).toBeGreaterThan(box.width / 2);
    } else {
      expect(Math.round(box.width)).toBe(Math.min(Math.round(viewport.width * 0.8), 1200));
      expect(Math.round(box.height)).toBe(Math.min(Math.round(viewport.height * 0.8), 800));
    }
    expect(Math.round(box.x + box.width / 2)).toBe(Math.round(viewport.width / 2));
    expect(await todo.evaluate((el) => getComputedStyle(el).zIndex)).toBe('999');

    await page.keyboard.press('Escape');
    await expect(todo).not.toHaveAttribute('data-expanded');
    await expect(todo.getByRole('button', { name: 'Expand Group To-Do List' })).toBeFocused();
  },
);

test('a to-do is added, completed, uncompleted and deleted, and survives a reload', async ({
  page,
}) => {
  await firstVisit(page);
  const todos = widget(page, 'Group To-Do List');
  const form = todos.getByRole('form', { name: 'Add a task' });

  // Blank text is refused with the message and nothing is sent.
  await form.getByRole('button', { name: 'Add task' }).click();
  await expect(todos.getByText('Please enter a task')).toBeVisible();

  // A due date 10 days out makes it low priority by itself.
  await form.getByLabel('Due date').fill(dayFromNow(10));
  await expect(form.getByLabel('Priority')).toHaveValue('low');
  await form.getByLabel('Assigned to').selectOption({ label: 'Ana Lima (you)' });
  await form.getByLabel('New task').fill('  Book the sunrise hike  ');
  await form.getByLabel('New task').press('Enter');

  const task = todos.getByRole('listitem').filter({ hasText: 'Book the sunrise hike' });
  await expect(task).toBeVisible();
  await expect(todos.getByText('0 of 6 done')).toBeVisible();
  await expect(form.getByLabel('New task')).toHaveValue('');
  // The next task starts from the defaults again (issue #17): due in 7 days, medium.
  await expect(form.getByLabel('Due date')).toHaveValue(dayFromNow(7));
  await expect(form.getByLabel('Priority')).toHaveValue('medium');

  // Completing shows the delete button; undoing hides it again.
  const checkbox = task.getByRole('checkbox', { name: 'Book the sunrise hike' });
  const remove = task.getByRole('button', { name: 'Delete task: Book the sunrise hike' });
  await expect(remove).toHaveCount(0);
  await checkbox.check();
  await expect(remove).toBeVisible();
  await expect(todos.getByText('1 of 6 done')).toBeVisible();
  await page.reload();
  await expect(checkbox).toBeChecked();
  await checkbox.uncheck();
  await expect(remove).toHaveCount(0);
  await expect(todos.getByText('0 of 6 done')).toBeVisible();

  await checkbox.check();
  await remove.click();
  await expect(task).toHaveCount(0);
  await page.reload();
  await expect(todos.getByText('0 of 5 done')).toBeVisible();
  await expect(todos.getByText('Book the sunrise hike')).toHaveCount(0);
});

test('a flight is added by airport and local time, edited and deleted', async ({ page }) => {
  await firstVisit(page);
  const flights = widget(page, 'Flight Details');
  await expect(flights.getByText('No flights yet')).toBeVisible();
  await flights.getByRole('button', { name: 'Add flight' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add flight' });
  await dialog.getByLabel('Flight number').fill('sq 956');
  // The airports come from the server: found by city, chosen with a click…
  await dialog.getByLabel('From airport').fill('singapore');
  await dialog.getByRole('option', { name: /^SIN:/ }).click();
  await expect(dialog.getByLabel('From airport')).toHaveValue('SIN · Singapore');
  await dialog.getByLabel('Departure date').fill('2026-12-20');
  await dialog.getByLabel('Departure time').fill('08:30');
  await expect(dialog.getByText('Local time at SIN: UTC+08:00')).toBeVisible();
  // …or with the keyboard, by code.
  const to = dialog.getByLabel('To airport');
  await to.fill('cgk');
  await expect(dialog.getByRole('option', { name: /^CGK:/ })).toBeVisible();
  await to.press('ArrowDown');
  await to.press('Enter');
  await expect(to).toHaveValue('CGK · Jakarta');
  await dialog.getByLabel('Arrival date').fill('2026-12-20');
  // 07:00 in Jakarta (UTC+7) is before 08:30 in Singapore (UTC+8): refused with the shared message.
  await dialog.getByLabel('Arrival time').fill('07:00');
  await dialog.getByRole('button', { name: /Add flight|Save/ }).click();
  await expect(dialog.getByText('The arrival must be after the departure')).toBeVisible();
  await dialog.getByLabel('Arrival time').fill('09:15');
  await expect(dialog.getByText('Local time at CGK: UTC+07:00')).toBeVisible();
  await dialog.getByRole('button', { name: /Add flight|Save/ }).click();
  await expect(dialog).toBeHidden();

  // Each time shows as it reads at its airport; the duration counts the hour between the zones.
  const card = flights.getByRole('article', { name: 'Flight SQ 956' });
  await expect(card.getByText('Dec 20, 08:30')).toBeVisible();
  await expect(card.getByText('Dec 20, 09:15')).toBeVisible();
  await expect(card.getByText('1h 45m')).toBeVisible();
  await expect(card.getByText('Nonstop')).toBeVisible();
  await page.reload();
  await expect(card.getByText('Dec 20, 09:15')).toBeVisible();

  await flights.getByRole('button', { name: 'Edit flight SQ 956' }).click();
  const edit = page.getByRole('dialog', { name: /Edit flight/ });
  await expect(edit.getByLabel('From airport')).toHaveValue('SIN · Singapore');
  await expect(edit.getByLabel('Departure time')).toHaveValue('08:30');
  await edit.getByLabel('Stops').selectOption({ label: '1 stop' });
  await edit.getByRole('button', { name: /Save/ }).click();
  await expect(edit).toBeHidden();
  await expect(card.getByText('1 stop')).toBeVisible();
  await expect(card.getByText('Dec 20, 08:30')).toBeVisible();

  await flights.getByRole('button', { name: 'Delete flight SQ 956' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await confirm.getByRole('button', { name: /Delete/ }).click();
  await expect(flights.getByText('No flights yet')).toBeVisible();
  await page.reload();
  await expect(flights.getByText('No flights yet')).toBeVisible();
});

test('the board has no serious accessibility problem and no sideways scroll, expanded too', {
  tag: '@phone',
}, async ({ page }) => {
  // Two full axe runs over a busy board take a while on a loaded 2-core machine.
  test.slow();
  await firstVisit(page);
  await expect(widget(page, 'Group To-Do List').getByText('0 of 5 done')).toBeVisible();
  const seriousProblems = async () => {
    const results = await new AxeBuilder({ page })
      // The background film is decorative (aria-hidden) and has no text to check.
      .exclude('[data-testid="board-background"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' | ')}`);
  };
  expect(await seriousProblems()).toEqual([]);
  expect(await page.title()).toBe('Bali 2023 · Tripmates');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);

  await page.getByRole('button', { name: 'Expand Group To-Do List' }).click();
  expect(await seriousProblems()).toEqual([]);
});
