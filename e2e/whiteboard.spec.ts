import fs from 'node:fs';
import { type Download, expect, type Page, request, test } from '@playwright/test';
import { ONE_PIXEL_PNG } from '../server/test/pictures';
import { E2E_ADMIN } from './support/accounts';
import { openTrip, ownerAndMemberOnTrip, signUpPerson } from './support/together';

/**
 * The shared whiteboard (issue #22): on a Premium trip two people sketch at once, each sees the
 * other's shapes and pointer, the drawing is kept, and undo is each person's own; on a Free trip
 * the Add Widget dialog shows what upgrading would give.
 */

const whiteboard = (page: Page) => page.getByRole('region', { name: 'Whiteboard', exact: true });
/** A shape in the board's preview of the drawing (the editor draws on a canvas). */
const previewShape = (page: Page, type: string) =>
  whiteboard(page).locator(`svg [data-element-type="${type}"]`);

/** Moves the person's account to `plan`, as an administrator does. */
async function setPlan(base: string, page: Page, plan: 'free' | 'premium' | 'pro') {
  const { id } = await (await page.request.get('/api/user')).json();
  const admin = await request.newContext({
    baseURL: base,
    extraHTTPHeaders: { origin: base, 'x-forwarded-for': '192.0.2.200' },
  });
  try {
    const login = await admin.post('/api/login', {
      data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
    });
    expect(login.status()).toBe(200);
    expect((await admin.patch(`/api/admin/users/${id}/plan`, { data: { plan } })).status()).toBe(
      200,
    );
  } finally {
    await admin.dispose();
  }
}

/** Where Excalidraw listens for its shortcuts (R for a rectangle, Ctrl+Z to undo). */
const editorKeyboard = (page: Page) => page.locator('[data-widget-type="whiteboard"] .excalidraw');

/** Opens the whiteboard's editor and waits until Excalidraw can be drawn on. */
async function openEditor(page: Page) {
  await whiteboard(page).getByRole('button', { name: 'Open whiteboard' }).click();
  const canvas = page.locator(
    '[data-widget-type="whiteboard"] canvas.excalidraw__canvas.interactive',
  );
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  return canvas;
}

/**
 * Draws a shape with the tool of `key` by dragging from `from` to `to` (canvas coordinates, clear
 * of the style panel Excalidraw opens at the left once a tool is chosen). Answers when (the
 * page's clock) the press reached the page: Excalidraw makes the shape then, and it is live.
 */
async function draw(page: Page, key: string, from: [number, number], to: [number, number]) {
  const canvas = page.locator(
    '[data-widget-type="whiteboard"] canvas.excalidraw__canvas.interactive',
  );
  const box = (await canvas.boundingBox())!;
  await editorKeyboard(page).focus();
  await page.keyboard.press(key);
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.evaluate(() => {
    const onDown = () => {
      (window as unknown as { drawnAt: number }).drawnAt = Date.now();
      document.removeEventListener('pointerdown', onDown, true);
    };
    document.addEventListener('pointerdown', onDown, true);
  });
  await page.mouse.down();
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 4 });
  await page.mouse.up();
  await page.keyboard.press('Escape');
  return page.evaluate(() => (window as unknown as { drawnAt: number }).drawnAt);
}

async function savedDownload(download: Download) {
  const file = await download.path();
  return fs.readFileSync(file);
}

test('two people sketch together live on a Premium trip, and the drawing is kept', async ({
  browser,
}) => {
  const base = test.info().project.use.baseURL ?? '';
  const { owner, member, tripId } = await ownerAndMemberOnTrip(
    browser,
    { base, firstName: 'Wanda', lastName: 'Board' },
    { base, firstName: 'Kofi', lastName: 'Sketch' },
  );
  await setPlan(base, owner, 'premium');
  await openTrip(owner, tripId);

  // The owner adds a whiteboard; it arrives on the member's board, empty.
  await owner.getByRole('button', { name: 'Add Widget' }).click();
  await owner
    .getByRole('dialog', { name: 'Add Widget' })
    .getByRole('button', { name: 'Whiteboard Sketch plans together' })
    .click();
  await expect(whiteboard(member).getByText(/Nothing drawn yet/)).toBeVisible();

  // The owner draws a rectangle; the member's board shows it, live.
  await openEditor(owner);
  await expect(whiteboard(owner).getByText('0 shapes · All changes saved')).toBeVisible();
  // The member's page notes when the rectangle appears on its board (a MutationObserver, so no
  // polling delay is counted), the owner's when it was drawn (both pages share the clock).
  await member.evaluate(() => {
    const found = () =>
      document.querySelector('[data-widget-type="whiteboard"] svg [data-element-type="rectangle"]');
    const observer = new MutationObserver(() => {
      if (!found()) return;
      (window as unknown as { rectangleSeenAt: number }).rectangleSeenAt = Date.now();
      observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
  const drawnAt = await draw(owner, 'r', [450, 150], [650, 300]);
  await expect(previewShape(member, 'rectangle')).toHaveCount(1);
  const seenAt = await member.evaluate(
    () => (window as unknown as { rectangleSeenAt: number }).rectangleSeenAt,
  );
  // Reported, not asserted: on a busy CI machine a bound would fail for the machine's sake (the
  // whiteboard bench measures it).
  test.info().annotations.push({ type: 'latency', description: `${seenAt - drawnAt} ms` });
  expect(seenAt).toBeGreaterThanOrEqual(drawnAt);

  // The member opens it too: each sees the other's pointer, with the name.
  await openEditor(member);
  const canvas = owner.locator(
    '[data-widget-type="whiteboard"] canvas.excalidraw__canvas.interactive',
  );
  await canvas.hover({ position: { x: 500, y: 200 } });
  await canvas.hover({ position: { x: 520, y: 220 } });
  await expect(whiteboard(member).getByRole('list', { name: 'Drawing with you' })).toHaveText(
    'Wanda Board',
  );

  // The member draws an ellipse, which the owner's editor takes in.
  await draw(member, 'o', [700, 320], [860, 440]);
  await expect(whiteboard(member).getByText(/All changes saved/)).toBeVisible();
  await expect(whiteboard(owner).getByText(/^2 shapes/)).toBeVisible();

  // Undo is each person's own: the owner's takes back the rectangle, and no more however often
  // it is pressed (the ellipse is the member's).
  await editorKeyboard(owner).focus();
  await expect
    .poll(async () => {
      await owner.keyboard.press('Control+z');
      return whiteboard(owner)
        .getByText(/^\d+ shapes? ·/)
        .textContent();
    })
    .toMatch(/^1 shape ·/);
  await owner.keyboard.press('Control+z');
  await owner.keyboard.press('Control+z');
  await expect(whiteboard(owner).getByText('1 shape · All changes saved')).toBeVisible();

  // A picture dropped on the whiteboard is stored and shared. Excalidraw re-encodes a picture
  // before it hands it over, so this is where a name made from the original bytes would be
  // refused (400): the upload must be stored.
  const uploaded = owner.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/whiteboards\/[^/]+\/files\//.test(r.url()),
  );
  await owner.evaluate(
    async (bytes) => {
      const file = new File([new Uint8Array(bytes)], 'pixel.png', { type: 'image/png' });
      const transfer = new DataTransfer();
      transfer.items.add(file);
      const target = document.querySelector(
        '[data-widget-type="whiteboard"] canvas.excalidraw__canvas.interactive',
      )!;
      const { x, y } = target.getBoundingClientRect();
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(
          new DragEvent(type, {
            bubbles: true,
            cancelable: true,
            dataTransfer: transfer,
            clientX: x + 500,
            clientY: y + 300,
          }),
        );
      }
    },
    [...ONE_PIXEL_PNG],
  );
  const upload = await uploaded;
  // Its body only when refused: the page does not read a stored picture's answer, and Chromium
  // then never hands it over (waiting for it would stall the test).
  const refusal = upload.status() === 201 ? 'stored' : await upload.text();
  expect(upload.status(), refusal).toBe(201);
  await expect(whiteboard(owner).getByText('2 shapes · All changes saved')).toBeVisible();

  // Exported as PNG and SVG.
  const [png] = await Promise.all([
    owner.waitForEvent('download'),
    whiteboard(owner).getByRole('button', { name: /^PNG/ }).click(),
  ]);
  expect(png.suggestedFilename()).toBe('Whiteboard.png');
  expect((await savedDownload(png)).subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  const [svg] = await Promise.all([
    owner.waitForEvent('download'),
    whiteboard(owner).getByRole('button', { name: /^SVG/ }).click(),
  ]);
  expect((await savedDownload(svg)).toString('utf8')).toMatch(/^<svg[\s\S]*<\/svg>$/);

  // After a reload, the drawing is as it was left: the member's ellipse and the picture, not the
  // undone rectangle; the editor opens on it.
  await member.reload();
  await expect(previewShape(member, 'ellipse')).toHaveCount(1, { timeout: 30_000 });
  await expect(previewShape(member, 'image')).toHaveCount(1);
  // The member's browser gets the picture itself (a refused upload would leave it empty).
  const href = await previewShape(member, 'image').getAttribute('href');
  const size = await member.evaluate(async (src) => {
    const picture = new Image();
    picture.src = src;
    await picture.decode();
    return [picture.naturalWidth, picture.naturalHeight];
  }, href!);
  expect(size).toEqual([1, 1]);
  await expect(previewShape(member, 'rectangle')).toHaveCount(0);
  await openEditor(member);
  await expect(whiteboard(member).getByText('2 shapes · All changes saved')).toBeVisible();
});

test('the first text typed shows whole for everyone, though its font came after it was typed', async ({
  browser,
}) => {
  const base = test.info().project.use.baseURL ?? '';
  const { owner, member, tripId } = await ownerAndMemberOnTrip(
    browser,
    { base, firstName: 'Tess', lastName: 'Words' },
    { base, firstName: 'Remy', lastName: 'Reader' },
  );
  await setPlan(base, owner, 'premium');
  await openTrip(owner, tripId);
  await owner.getByRole('button', { name: 'Add Widget' }).click();
  await owner
    .getByRole('dialog', { name: 'Add Widget' })
    .getByRole('button', { name: 'Whiteboard Sketch plans together' })
    .click();
  await expect(whiteboard(member).getByText(/Nothing drawn yet/)).toBeVisible();

  // The editor's fonts are held back until the text is typed, as on a slow first visit: Excalidraw
  // measures it in the fallback font, and drew it cut off at that box for good.
  let release = () => {};
  const fontsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await owner.route('**/excalidraw/fonts/**', async (route) => {
    await fontsHeld;
    await route.continue();
  });
  const canvas = await openEditor(owner);
  await editorKeyboard(owner).focus();
  await owner.keyboard.press('t');
  await canvas.click({ position: { x: 500, y: 300 } });
  const words = 'Day 1: Ubud rice terraces';
  await owner.keyboard.type(words);
  await owner.keyboard.press('Escape');
  await expect(whiteboard(owner).getByText('1 shape · All changes saved')).toBeVisible();
  release();

  // What everyone gets from the server: a box as wide as the words in their font, once it loaded.
  const [widget] = (
    (await (await member.request.get(`/api/trips/${tripId}/widgets`)).json()) as {
      id: string;
      type: string;
    }[]
  ).filter((w) => w.type === 'whiteboard');
  const storedText = async () => {
    const scene = await (
      await member.request.get(`/api/trips/${tripId}/whiteboards/${widget!.id}`)
    ).json();
    return (
      scene.elements as { type: string; width: number; fontSize: number; text: string }[]
    ).find((element) => element.type === 'text')!;
  };
  const { fontSize } = await storedText();
  const needed = await owner.evaluate(
    async ({ font, text }) => {
      await document.fonts.load(font, text);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = font;
      return context.measureText(text).width;
    },
    { font: `${fontSize}px Excalifont`, text: words },
  );
  await expect.poll(async () => (await storedText()).width).toBeGreaterThanOrEqual(needed - 0.5);

  // The member's preview on the board frames the whole text too.
  const text = whiteboard(member).locator('svg text');
  await expect(text).toHaveText(words);
  await expect
    .poll(() =>
      text.evaluate((node: SVGTextElement) => {
        const drawn = node.getBBox();
        const [x, , width] = node.ownerSVGElement!.getAttribute('viewBox')!.split(' ').map(Number);
        return drawn.x >= x! && drawn.x + drawn.width <= x! + width!;
      }),
    )
    .toBe(true);
});

test('a Free trip shows the whiteboard with what upgrading gives', async ({ browser }) => {
  const base = test.info().project.use.baseURL ?? '';
  const owner = await signUpPerson(browser, { base, firstName: 'Fern', lastName: 'Free' });
  await owner.goto('/dashboard');
  await owner.getByRole('button', { name: 'Add Widget' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Add Widget' });
  const entry = dialog.getByRole('listitem').filter({ hasText: 'Whiteboard' });
  await expect(entry).toContainText('Whiteboards come with Premium and Pro.');
  await expect(entry.getByRole('button')).toHaveCount(0);
  await entry.getByRole('link', { name: 'See the plans' }).click();
  await expect(owner).toHaveURL(/\/plans$/);
});
