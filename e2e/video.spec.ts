import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { videoIn, videoLaunchOptions, watchPeerConnections } from './support/media';
import { openTrip, signUpMember, signUpPerson, todoList } from './support/together';

/**
 * Face to face (issue #20): in the trip's call, people start video and share a screen, on the
 * same connections as the audio; the faces float over the board in the call panel. Chromium's
 * fake camera paints a moving test pattern, and its fake capture UI picks a screen by itself.
 */

test.use({ launchOptions: videoLaunchOptions });
// Pages sending and receiving video keep the cores busy: these run in a project of their own,
// last and one at a time (playwright.config.ts); the phone's test opens phone-sized windows.
test.describe.configure({ timeout: 240_000 });
const JOINED = { timeout: 15_000 };

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const panel = (page: Page) => page.getByTestId('call-panel');
const tileOf = (page: Page, userId: string, kind: 'camera' | 'screen' = 'camera') =>
  panel(page).locator(`[data-testid="video-tile"][data-kind="${kind}"][data-user-id="${userId}"]`);

const PHONE = { width: 375, height: 812 };
// The browser outlives a test: each person's window is closed after it, or their camera would
// keep sending through the next test.
const opened: Page[] = [];
test.afterEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.context().close()));
});

async function person(
  browser: Browser,
  base: string,
  firstName: string,
  invitedBy?: Page,
  viewport?: { width: number; height: number },
) {
  const who = { base, firstName, lastName: 'Video', viewport };
  const page = invitedBy
    ? (await signUpMember(browser, invitedBy, who)).member
    : await signUpPerson(browser, who);
  opened.push(page);
  await watchPeerConnections(page.context());
  return page;
}

const userIdOf = async (page: Page) =>
  ((await (await page.request.get('/api/user')).json()) as { id: string }).id;

/** People on the owner's first trip, each with it open and in its call. */
async function inCall(browser: Browser, base: string, names: string[], phone = false) {
  const viewport = phone ? PHONE : undefined;
  const owner = await person(browser, base, names[0]!, undefined, viewport);
  const others: Page[] = [];
  for (const name of names.slice(1)) {
    others.push(await person(browser, base, name, owner, viewport));
  }
  const [trip] = (await (await owner.request.get('/api/trips')).json()) as { id: string }[];
  const everyone = [owner, ...others];
  for (const page of everyone) {
    await openTrip(page, trip!.id);
    await button(page, 'Join audio room').click();
    // In the call: Mute shows (Leave audio room is in the call's panel on phones).
    await expect(button(page, 'Mute')).toBeVisible(JOINED);
  }
  for (const page of everyone) {
    if (phone) {
      // The phone's bar: the call's panel button, named for who is in the call.
      await expect(
        page.getByRole('button', { name: /^Audio room: In the call with / }),
      ).toBeVisible(JOINED);
    } else {
      await expect(page.getByTestId('call-participant')).toHaveCount(everyone.length, JOINED);
    }
  }
  return { everyone, ids: await Promise.all(everyone.map(userIdOf)) };
}

/** Whether the element is drawn flipped left to right, by its `scale` or its `transform`. */
function isMirrored(element: Locator) {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const scaleX = style.scale === 'none' ? 1 : Number.parseFloat(style.scale);
    const transform = new DOMMatrixReadOnly(style.transform === 'none' ? '' : style.transform);
    return scaleX * transform.a < 0;
  });
}

/** Frames of video decoded so far, over all of the page's connections. */
async function framesDecoded(page: Page) {
  return (await videoIn(page)).framesDecoded;
}

/** The caps on the page's camera senders (one per other person), from getParameters(). */
function cameraCaps(page: Page) {
  return page.evaluate(() =>
    (window.__peerConnections ?? [])
      .filter((pc) => pc.connectionState !== 'closed')
      .map((pc) => {
        // The camera is the second transceiver of every connection (audio, camera, screen).
        const sender = pc.getTransceivers()[1]?.sender;
        const [encoding] = sender?.getParameters().encodings ?? [];
        return { bitrate: encoding?.maxBitrate ?? null, active: encoding?.active ?? null };
      }),
  );
}

test('two people see each other; Stop video shows the avatar; a shared screen shows large', async ({
  browser,
}, info) => {
  const base = info.project.use.baseURL ?? '';
  const {
    everyone: [ana, ben],
    ids: [anaId, benId],
  } = await inCall(browser, base, ['Anouk', 'Benedek']);
  await expect(panel(ana!)).toHaveCount(0); // audio only: no panel

  await button(ana!, 'Start video').click();
  await expect(button(ana!, 'Stop video')).toBeVisible(JOINED);
  await button(ben!, 'Start video').click();
  await expect(button(ben!, 'Stop video')).toBeVisible(JOINED);

  // Each sees the other's camera playing, and frames keep being decoded.
  for (const [page, otherId] of [
    [ana!, benId!],
    [ben!, anaId!],
  ] as const) {
    await expect(panel(page)).toBeVisible();
    await expect(tileOf(page, otherId)).toHaveAttribute('data-video', 'playing', {
      timeout: 20_000,
    });
    const width = await tileOf(page, otherId)
      .locator('video')
      .evaluate((video: HTMLVideoElement) => video.videoWidth);
    expect(width).toBeGreaterThan(0);
    const before = await framesDecoded(page);
    await expect.poll(() => framesDecoded(page), { timeout: 20_000 }).toBeGreaterThan(before);
  }
  // My own camera is mirrored, as a mirror is; theirs is not.
  expect(await isMirrored(tileOf(ana!, anaId!).locator('video'))).toBe(true);
  expect(await isMirrored(tileOf(ana!, benId!).locator('video'))).toBe(false);

  // Ben stops his video: Ana sees his avatar, and the audio call goes on.
  await button(ben!, 'Stop video').click();
  await expect(button(ben!, 'Start video')).toBeVisible();
  await expect(tileOf(ana!, benId!)).toHaveAttribute('data-video', 'off');
  await expect(tileOf(ana!, benId!).getByText('Benedek')).toBeVisible();
  await expect(ana!.getByTestId('call-participant')).toHaveCount(2);

  // Ana shares her screen: Ben sees it large, with the faces beside it.
  await button(ana!, 'Share screen').click();
  await expect(button(ana!, 'Stop sharing')).toBeVisible(JOINED);
  await expect(panel(ben!)).toHaveAttribute('data-layout', 'screen');
  await expect(tileOf(ben!, anaId!, 'screen')).toHaveAttribute('data-video', 'playing', {
    timeout: 20_000,
  });
  await button(ana!, 'Stop sharing').click();
  await expect(tileOf(ben!, anaId!, 'screen')).toHaveCount(0);
  await expect(panel(ben!)).toHaveAttribute('data-layout', 'grid');

  // The panel collapses to a strip of faces: Ana's camera is no longer sent to Ben.
  const caps = await cameraCaps(ana!);
  expect(caps.every((cap) => cap.active)).toBe(true);
  await button(ben!, 'Collapse call panel').click();
  await expect(panel(ben!)).toHaveAttribute('data-layout', 'collapsed');
  await expect.poll(async () => (await cameraCaps(ana!)).map((cap) => cap.active)).toEqual([false]);
  await button(ben!, 'Expand call panel').click();
  await expect.poll(async () => (await cameraCaps(ana!)).map((cap) => cap.active)).toEqual([true]);
  await expect(tileOf(ben!, anaId!)).toHaveAttribute('data-video', 'playing', { timeout: 20_000 });

  // Ana stops too: no video left, no panel.
  await button(ana!, 'Stop video').click();
  await expect(panel(ana!)).toHaveCount(0);
  await expect(panel(ben!)).toHaveCount(0);
});

test('the camera caps shrink when a third person joins the call', async ({ browser }, info) => {
  const base = info.project.use.baseURL ?? '';
  const owner = await person(browser, base, 'Ciaran');
  const second = await person(browser, base, 'Dagny', owner);
  const third = await person(browser, base, 'Emeka', owner);
  const [trip] = (await (await owner.request.get('/api/trips')).json()) as { id: string }[];
  for (const page of [owner, second, third]) await openTrip(page, trip!.id);
  for (const page of [owner, second]) {
    await button(page, 'Join audio room').click();
    await expect(button(page, 'Leave audio room')).toBeVisible(JOINED);
  }
  await expect(owner.getByTestId('call-participant')).toHaveCount(2, JOINED);
  await button(owner, 'Start video').click();
  await expect
    .poll(async () => (await cameraCaps(owner)).map((cap) => cap.bitrate))
    .toEqual([1_200_000]);

  await button(third, 'Join audio room').click();
  await expect(owner.getByTestId('call-participant')).toHaveCount(3, JOINED);
  // One stream to each of two others now, each smaller: the upload stays about the same.
  await expect
    .poll(async () => (await cameraCaps(owner)).map((cap) => cap.bitrate))
    .toEqual([700_000, 700_000]);
  await expect(tileOf(third, await userIdOf(owner))).toHaveAttribute('data-video', 'playing', {
    timeout: 20_000,
  });
});

test('on a phone: one face large, the others in a strip, and the camera can be switched', async ({
  browser,
}, info) => {
  const base = info.project.use.baseURL ?? '';
  const {
    everyone: [ana, ben],
    ids: [anaId, benId],
  } = await inCall(browser, base, ['Farida', 'Gustav'], true);
  await button(ana!, 'Start video').click();
  await button(ben!, 'Start video').click();
  await expect(panel(ana!)).toHaveAttribute('data-layout', 'speaker');
  await expect(tileOf(ana!, benId!)).toHaveAttribute('data-video', 'playing', { timeout: 20_000 });
  // Ben large, Ana's own face in the strip.
  await expect(panel(ana!).getByRole('list', { name: 'Others in the call' })).toContainText(
    'Farida',
  );
  const box = await panel(ana!).boundingBox();
  expect(box!.width).toBeLessThanOrEqual(375);
  await expect(button(ana!, 'Switch camera')).toBeVisible();
  expect(anaId).toBeTruthy();
  await expect(todoList(ana!)).toBeVisible();
});
