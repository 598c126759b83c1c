import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { ownerAndMemberOnTrip } from './support/together';

/**
 * Issue #38 item 9: a profile picture is uploaded from the profile, kept square, and shows at
 * once wherever the person is: their profile, their account menu, and the presence stack of the
 * others on their trip.
 */

test('a picture uploaded on the profile shows in the avatar, the account menu and the presence stack', async ({
  browser,
}) => {
  const base = test.info().project.use.baseURL ?? '';
  const { owner, member } = await ownerAndMemberOnTrip(
    browser,
    { base, firstName: 'Olivia', lastName: 'Owner' },
    { base, firstName: 'Pia', lastName: 'Picture' },
  );
  const theirFace = owner.getByTestId('presence-member');
  await expect(theirFace).toHaveAttribute('title', 'Pia Picture');
  await expect(theirFace.locator('img')).toHaveCount(0);

  // The member's profile in another tab, the trip still open in the first.
  const profile = await member.context().newPage();
  await profile.goto('/profile');
  await expect(profile.getByRole('heading', { name: 'Pia Picture' })).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Remove picture' })).toHaveCount(0);

  const chooser = profile.waitForEvent('filechooser');
  await profile.getByRole('button', { name: 'Upload picture' }).click();
  // A landscape photo: the profile keeps the square from its middle.
  await (await chooser).setFiles({
    name: 'pia.jpg',
    mimeType: 'image/jpeg',
    buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c0392b' } })
      .jpeg()
      .toBuffer(),
  });

  const avatar = profile.getByRole('img', { name: 'Profile picture of Pia Picture' });
  await expect(avatar).toBeVisible();
  const address = await avatar.getAttribute('src');
  expect(address).toMatch(/^\/api\/users\/[0-9a-f-]{36}\/picture\?v=[0-9a-f]{16}$/);
  // Loaded, and square.
  expect(
    await avatar.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
  ).toEqual([512, 512]);
  await expect(profile.getByRole('button', { name: 'Remove picture' })).toBeVisible();

  // The owner, on the trip, sees it at once.
  await expect(theirFace.locator('img')).toHaveAttribute('src', address!);

  // The member's own account menu, back on the dashboard.
  await profile.getByRole('link', { name: 'Back to Dashboard' }).click();
  const menu = profile.getByRole('button', { name: 'Account menu for Pia Picture' });
  await expect(menu.locator('img')).toHaveAttribute('src', address!);

  await member.context().close();
  await owner.context().close();
});
