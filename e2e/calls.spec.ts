import { type ChildProcess, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { audioIn, energyOver, mediaLaunchOptions, watchPeerConnections } from './support/media';
import {
  openTrip,
  planTrip,
  signUpMember,
  signUpPerson,
  startOwnServer,
  todoList,
} from './support/together';

/**
 * The trip's audio room (issue #19): two people in browsers of their own, with Chromium's fake
 * microphone, join, hear each other (the WebRTC statistics say so), mute, and leave; a Free
 * trip's call ends at its limit.
 */

test.use({ launchOptions: mediaLaunchOptions });
// Three browser contexts with live audio between them: slower than a page, more so on a busy
// machine.
test.describe.configure({ timeout: 180_000 });

const join = (page: Page) => page.getByRole('button', { name: 'Join audio room', exact: true });
const leave = (page: Page) => page.getByRole('button', { name: 'Leave audio room', exact: true });
const inCall = (page: Page) => page.getByTestId('call-participant');
const notifications = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/**
 * The trip's name in the top bar shows whole, not cut to an ellipsis (issue #38: a phone's bar
 * cut "Bali 2023" to "B…", and in a call left none of it).
 */
async function expectTripNameWhole(page: Page, name: string) {
  const label = page
    .getByRole('banner')
    .getByRole('button', { name, exact: true })
    .locator('span')
    .first();
  await expect(label).toHaveText(name);
  await expect
    .poll(() =>
      label.evaluate((text) => text.clientWidth > 0 && text.scrollWidth <= text.clientWidth),
    )
    .toBe(true);
}

async function person(browser: Browser, base: string, firstName: string, invitedBy?: Page) {
  const page = invitedBy
    ? (await signUpMember(browser, invitedBy, { base, firstName, lastName: 'Call' })).member
    : await signUpPerson(browser, { base, firstName, lastName: 'Call' });
  await watchPeerConnections(page.context());
  return page;
}

/** The owner's first trip, with a member joined through its invitation, both on it. */
async function ownerAndMember(browser: Browser, base: string) {
  const owner = await person(browser, base, 'Amaya');
  const member = await person(browser, base, 'Bilal', owner);
  const [trip] = (await (await owner.request.get('/api/trips')).json()) as { id: string }[];
  await openTrip(owner, trip!.id);
  await openTrip(member, trip!.id);
  return { owner, member, tripId: trip!.id };
}

test('two people join the audio room, hear each other, mute, and leave', async ({
  browser,
}, info) => {
  const base = info.project.use.baseURL ?? '';
  const { owner, member } = await ownerAndMember(browser, base);
  // Someone on another trip of their own.
  const stranger = await person(browser, base, 'Chidi');
  await stranger.goto('/dashboard');
  await expect(todoList(stranger)).toBeVisible({ timeout: 30_000 });

  await join(owner).click();
  await expect(leave(owner)).toBeVisible();
  await expect(inCall(owner)).toHaveCount(1);
  // The member sees who is in the room before joining, and can drop in.
  await expect(member.getByRole('group', { name: 'In the audio room: Amaya Call' })).toBeVisible();
  await join(member).click();
  await expect(inCall(member)).toHaveCount(2);
  await expect(inCall(owner)).toHaveCount(2);
  await expect(owner.getByRole('group', { name: 'In the call with Bilal Call' })).toBeVisible();

  // Each hears the other: audio arrives over a connected peer connection, with sound in it.
  for (const page of [owner, member]) {
    await expect(
      page.locator('[data-testid="call-participant"][data-connection="connected"]'),
    ).toHaveCount(2, {
      timeout: 15_000,
    });
    await expect
      .poll(async () => (await audioIn(page)).bytes, { timeout: 20_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => energyOver(page), { timeout: 20_000 }).toBeGreaterThan(0);
  }
  // Who speaks has a ring on the other's screen (the fake microphone beeps once a second).
  await expect(
    member.locator('[data-testid="call-participant"][data-speaking="true"][title^="Amaya Call,"]'),
  ).toHaveCount(1, { timeout: 20_000 });

  // Mute (the M key works too): the member hears silence and sees the muted state.
  await owner.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(owner.getByRole('button', { name: 'Unmute', exact: true })).toBeVisible();
  await expect(member.locator('[data-testid="call-participant"][data-muted="true"]')).toHaveCount(
    1,
  );
  await expect.poll(() => energyOver(member), { timeout: 20_000 }).toBe(0);
  await owner.keyboard.press('m');
  await expect(owner.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
  await expect(member.locator('[data-testid="call-participant"][data-muted="true"]')).toHaveCount(
    0,
  );
  await expect.poll(() => energyOver(member), { timeout: 20_000 }).toBeGreaterThan(0);

  // Nobody outside the trip sees anything of the call.
  await expect(stranger.getByTestId('call-participant')).toHaveCount(0);
  await expect(join(stranger)).toBeVisible();

  // Leave: gone from both screens, and the connection closes.
  await leave(member).click();
  await expect(join(member)).toBeVisible();
  await expect(inCall(owner)).toHaveCount(1);
  await expect(inCall(member)).toHaveCount(1);
  await expect.poll(async () => (await audioIn(owner)).connections).toBe(0);
  for (const page of [owner, member, stranger]) await page.context().close();
});

test(
  'on a phone: Join, then Mute beside the call’s panel, which holds Leave audio room',
  { tag: '@phone' },
  async ({ browser }, info) => {
    test.skip(info.project.name !== 'phone', 'the phone’s own layout of the call controls');
    const base = info.project.use.baseURL ?? '';
    const { owner, member } = await ownerAndMember(browser, base);
    await join(owner).click();
    // Outside the call, the Join button carries how many are in the room.
    await expect(member.getByText('In the audio room: Amaya Call')).toBeAttached();
    // The bar, with the Join button, the owner's face and the rest, leaves the trip's name whole.
    await expect(member.getByTestId('presence-member')).toBeVisible();
    await expectTripNameWhole(member, 'Bali 2023');
    await join(member).click();
    await expect(member.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
    // In the call too: its controls have a row of their own.
    await expectTripNameWhole(member, 'Bali 2023');
    const panel = member.getByRole('button', { name: 'Audio room: In the call with Amaya Call' });
    await panel.click();
    await expect(
      member.getByRole('list', { name: 'In the call' }).getByText(/Amaya Call/),
    ).toBeVisible();
    await leave(member).click();
    await expect(join(member)).toBeVisible();
    await expect(member.getByText('In the audio room: Amaya Call')).toBeAttached();
    for (const page of [owner, member]) await page.context().close();
  },
);

test('opening another trip asks first and leaves the call; closing the tab leaves it too', async ({
  browser,
}, info) => {
  const base = info.project.use.baseURL ?? '';
  const owner = await person(browser, base, 'Amaya');
  const member = await person(browser, base, 'Bilal', owner);
  // The member plans a trip of their own too.
  await planTrip(member, base, {
    name: 'Lisbon',
    destination: 'Lisbon',
    startDate: '2027-03-01',
    endDate: '2027-03-04',
  });
  const [trip] = (await (await owner.request.get('/api/trips')).json()) as { id: string }[];
  await openTrip(owner, trip!.id);
  await openTrip(member, trip!.id);
  await join(owner).click();
  await join(member).click();
  await expect(inCall(owner)).toHaveCount(2);

  const switchTo = async () => {
    await member
      .getByRole('button', { name: /Bali 2023/ })
      .first()
      .click();
    await member.getByRole('menuitemradio', { name: /Lisbon/ }).click();
    return member.getByRole('dialog', { name: 'Leave the call?' });
  };
  const asked = await switchTo();
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(asked).toBeHidden();
  await expect(leave(member)).toBeVisible();
  await expect(inCall(owner)).toHaveCount(2);

  await (await switchTo()).getByRole('button', { name: 'Leave call and switch' }).click();
  await expect(member.getByRole('button', { name: /Lisbon/ }).first()).toBeVisible();
  await expect(inCall(owner)).toHaveCount(1);

  // Back on the trip and in the call again; then the tab closes.
  await openTrip(member, trip!.id);
  await join(member).click();
  await expect(inCall(owner)).toHaveCount(2);
  await member.context().close();
  await expect(inCall(owner)).toHaveCount(1, { timeout: 5000 });
  await owner.context().close();
});

test.describe('on a server whose call minute lasts 3 s', () => {
  const PORT = Number(process.env.E2E_CALLS_PORT ?? 4324);
  let server: Awaited<ReturnType<typeof startOwnServer>>;
  test.beforeAll(async () => {
    // Long enough that a slow machine still sees the warnings between the join and the end.
    server = await startOwnServer(PORT, { CALL_MINUTE_MS: '3000' });
  });
  test.afterAll(async () => server?.stop());

  test('a Free trip’s call warns before its 10 minutes are up, then ends for everyone', async ({
    browser,
  }) => {
    const { owner, member } = await ownerAndMember(browser, server.base);
    await join(owner).click();
    await expect(leave(owner)).toBeVisible();
    await join(member).click();
    await expect(inCall(owner)).toHaveCount(2);
    // 8 and 9 call minutes in (24 s, 27 s), then the end at 30 s.
    await expect(notifications(owner)).toContainText(
      /(2 minutes|1 minute) left: this trip's Free plan allows 10-minute calls/,
      { timeout: 40_000 },
    );
    for (const page of [owner, member]) {
      await expect(join(page)).toBeVisible({ timeout: 30_000 });
      await expect(notifications(page)).toContainText(
        "The call ended: this trip's Free plan allows 10-minute calls.",
      );
    }
    await expect.poll(async () => (await audioIn(owner)).connections).toBe(0);
    // A new call can start.
    await join(owner).click();
    await join(member).click();
    await expect(inCall(owner)).toHaveCount(2);
    for (const page of [owner, member]) await page.context().close();
  });
});

test.describe('on a server that restarts during the call', () => {
  const PORT = Number(process.env.E2E_CALLS_RESTART_PORT ?? 4326);
  let dataDir = '';
  let server: Awaited<ReturnType<typeof startOwnServer>> | null = null;
  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tripmates-e2e-calls-restart-'));
    server = await startOwnServer(PORT, { DATA_DIR: dataDir });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('when the live connection comes back, both rejoin the call and connect again', async ({
    browser,
  }) => {
    const { owner, member } = await ownerAndMember(browser, server!.base);
    await join(owner).click();
    await join(member).click();
    const connected = (page: Page) =>
      page.locator('[data-testid="call-participant"][data-connection="connected"]');
    for (const page of [owner, member])
      await expect(connected(page)).toHaveCount(2, { timeout: 20_000 });
    const before = await audioIn(owner);

    await server!.stop();
    server = await startOwnServer(PORT, { DATA_DIR: dataDir });
    // Each tab joined again by itself (new places in the call) and made new connections.
    for (const page of [owner, member]) {
      await expect(leave(page)).toBeVisible({ timeout: 20_000 });
      await expect(connected(page)).toHaveCount(2, { timeout: 30_000 });
    }
    await expect.poll(async () => (await audioIn(owner)).connections, { timeout: 20_000 }).toBe(1);
    expect(before.connections).toBe(1);
    await expect.poll(() => energyOver(member), { timeout: 20_000 }).toBeGreaterThan(0);
    for (const page of [owner, member]) await page.context().close();
  });
});

test.describe('through a TURN server only (coturn, ICE_TRANSPORT_POLICY=relay)', () => {
  const TURN_PORT = Number(process.env.E2E_TURN_PORT ?? 3479);
  const PORT = Number(process.env.E2E_CALLS_RELAY_PORT ?? 4325);
  const SECRET = 'e2e-turn-shared-secret-0123456789';
  let turn: ChildProcess | undefined;
  let server: Awaited<ReturnType<typeof startOwnServer>>;

  test.beforeAll(async () => {
    if (!fs.existsSync(TURNSERVER)) {
      // .ci/run installs Debian's coturn; a developer without it is told how to get it.
      test.skip(!process.env.CI, `${TURNSERVER} is missing: apt-get install coturn`);
      throw new Error(`${TURNSERVER} is missing`);
    }
    turn = spawn(
      TURNSERVER,
      [
        '--use-auth-secret',
        `--static-auth-secret=${SECRET}`,
        '--realm=tripmates.test',
        '--listening-ip=127.0.0.1',
        '--relay-ip=127.0.0.1',
        `--listening-port=${TURN_PORT}`,
        '--min-port=49160',
        '--max-port=49260',
        // The browsers are on this machine too: relaying to loopback addresses is the test.
        '--allow-loopback-peers',
        '--no-cli',
        '--no-tls',
        '--no-dtls',
        '--fingerprint',
        '--no-stdout-log',
        '--log-file=/dev/null',
      ],
      { stdio: 'ignore' },
    );
    await waitForUdpPort(TURN_PORT);
    server = await startOwnServer(PORT, {
      TURN_URLS: `turn:127.0.0.1:${TURN_PORT}?transport=udp`,
      TURN_SECRET: SECRET,
      ICE_TRANSPORT_POLICY: 'relay',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    turn?.kill('SIGTERM');
  });

  test('a call forced through TURN connects with the credentials the server minted', async ({
    browser,
  }) => {
    const { owner, member } = await ownerAndMember(browser, server.base);
    await join(owner).click();
    await join(member).click();
    for (const page of [owner, member]) {
      await expect
        .poll(async () => audioIn(page), { timeout: 20_000 })
        .toMatchObject({ connections: 1, relayed: true });
      await expect
        .poll(async () => (await audioIn(page)).bytes, { timeout: 20_000 })
        .toBeGreaterThan(0);
    }
    for (const page of [owner, member]) await page.context().close();
  });
});

const TURNSERVER = '/usr/bin/turnserver';

/** Resolves once something answers STUN on the UDP port (coturn is listening). */
async function waitForUdpPort(port: number) {
  // A STUN binding request: type 0x0001, length 0, the magic cookie, a transaction id.
  const request = Buffer.alloc(20);
  request.writeUInt16BE(0x0001, 0);
  request.writeUInt32BE(0x2112a442, 4);
  for (let attempt = 0; attempt < 100; attempt++) {
    const answered = await new Promise<boolean>((resolve) => {
      const socket = dgram.createSocket('udp4');
      const timer = setTimeout(() => {
        socket.close();
        resolve(false);
      }, 100);
      socket.once('message', () => {
        clearTimeout(timer);
        socket.close();
        resolve(true);
      });
      socket.send(request, port, '127.0.0.1');
    });
    if (answered) return;
  }
  throw new Error(`coturn did not answer on UDP port ${port}`);
}
