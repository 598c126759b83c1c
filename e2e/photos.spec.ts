import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { PHOTO_MESSAGES } from '../shared/contracts/photos';
import { openTrip, ownerAndMemberOnTrip, signUpPerson } from './support/together';

/**
 * Photo sharing (issue #23): the group's own photos in the photo widget. One person adds a photo
 * through the file chooser, the others see it at once and open it full size; a file that is no
 * photo is refused with a message naming it.
 */

const photoWidget = (page: Page) =>
  page.getByRole('region', { name: 'Destination Photos', exact: true });

/** A real JPEG of `width` × `height`, one colour. */
function jpeg(width: number, height: number, background = '#2a7ab0') {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** Serious or critical accessibility problems inside `selector`. */
async function seriousProblems(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' | ')}`);
}

/** A new person on their first trip, with its board open. */
async function travellerOnFirstTrip(page: Page) {
  const [trip] = (await (await page.request.get('/api/trips')).json()) as { id: string }[];
  await openTrip(page, trip!.id);
  return trip!.id;
}

test('a photo added through the file chooser appears for the other member, who opens it full size', async ({
  browser,
}) => {
  const base = test.info().project.use.baseURL ?? '';
  const { owner, member } = await ownerAndMemberOnTrip(
    browser,
    { base, firstName: 'Paloma', lastName: 'Photo' },
    { base, firstName: 'Nikos', lastName: 'Lens' },
  );
  const mine = photoWidget(owner);
  const theirs = photoWidget(member);
  // The album is empty: the destination's 8 photos, as ever.
  await expect(theirs.getByText('Photo 1 of 8')).toBeVisible();

  const chooser = owner.waitForEvent('filechooser');
  await mine.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles({
    name: 'harbour.jpg',
    mimeType: 'image/jpeg',
    buffer: await jpeg(640, 480),
  });
  await expect(mine.getByText('Photo 1 of 9')).toBeVisible();
  await expect(mine.getByText(/^Added by Paloma Photo · /)).toBeVisible();
  await expect(mine.getByRole('list', { name: 'Uploads' })).toHaveCount(0);

  // The member's board shows it without a reload, first in the carousel, the picture itself.
  await expect(theirs.getByText('Photo 1 of 9')).toBeVisible();
  await expect(theirs.getByText(/^Added by Paloma Photo · /)).toBeVisible();
  const onStage = theirs.getByTestId('carousel-stage').getByRole('img');
  await expect
    .poll(() => onStage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(640);

  // Expanded: the album, and the photo full size.
  await theirs.getByRole('button', { name: 'Expand Destination Photos' }).click();
  await theirs
    .getByRole('list', { name: 'Group photos' })
    .getByRole('button', { name: /^Open photo added by Paloma Photo/ })
    .click();
  const viewer = member.getByRole('dialog', { name: 'Photo added by Paloma Photo' });
  await expect(viewer).toBeVisible();
  const large = viewer.getByRole('img', { name: 'Photo added by Paloma Photo' });
  // Loaded: the medium size, the largest there is of a photo this small.
  await expect
    .poll(() =>
      large.evaluate(
        (image: HTMLImageElement) =>
          image.complete && image.naturalWidth > 0 && new URL(image.currentSrc).pathname,
      ),
    )
    .toMatch(/\/photos\/[0-9a-f-]+\/medium$/);
  await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute(
    'href',
    /\/photos\/[0-9a-f-]+\/full\?download=1$/,
  );
  // It is the owner's photo: the member cannot delete it.
  await expect(viewer.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // Escape closes the viewer, and only the viewer.
  await member.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(theirs).toHaveAttribute('data-expanded', 'true');
  await owner.context().close();
  await member.context().close();
});

test('a file that is no photo is refused with a message naming it', async ({ browser }) => {
  const base = test.info().project.use.baseURL ?? '';
  const page = await signUpPerson(browser, { base, firstName: 'Rui', lastName: 'Refused' });
  await travellerOnFirstTrip(page);
  const photos = photoWidget(page);
  await expect(photos.getByRole('button', { name: 'Add photos' })).toBeVisible();

  await photos.getByLabel('Choose photos to add').setInputFiles([
    // Refused by the browser before it is sent: its type says it is no picture.
    { name: 'tickets.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7') },
    // Called a JPEG, but the server reads its bytes.
    { name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all') },
  ]);
  const uploads = photos.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('alert').filter({ hasText: '“tickets.pdf”' })).toHaveText(
    PHOTO_MESSAGES.notAPhoto('tickets.pdf'),
  );
  await expect(uploads.getByRole('alert').filter({ hasText: '“holiday.jpg”' })).toBeVisible();

  await uploads.getByRole('button', { name: 'Dismiss tickets.pdf' }).click();
  await uploads.getByRole('button', { name: 'Dismiss holiday.jpg' }).click();
  await expect(uploads).toHaveCount(0);
  await expect(photos.getByText('Photo 1 of 8')).toBeVisible();
  await page.context().close();
});

test(
  'the album is a grid of 3 a row on a phone, more on a laptop',
  {
    tag: '@phone',
  },
  async ({ browser }, testInfo) => {
    const base = testInfo.project.use.baseURL ?? '';
    const page = await signUpPerson(browser, { base, firstName: 'Gia', lastName: 'Grid' });
    const tripId = await travellerOnFirstTrip(page);
    const colours = ['#d1495b', '#edae49', '#00798c', '#30638e', '#003d5b', '#8f2d56', '#6a994e'];
    for (const [index, colour] of colours.entries()) {
      const res = await page.request.post(`/api/trips/${tripId}/photos?name=photo-${index}.jpg`, {
        data: await jpeg(300, 200, colour),
        headers: { origin: base, 'content-type': 'image/jpeg' },
      });
      expect(res.status()).toBe(201);
    }
    await page.reload();
    const photos = photoWidget(page);
    await expect(photos.getByText('Photo 1 of 15')).toBeVisible();
    await photos.getByRole('button', { name: 'Expand Destination Photos' }).click();

    const grid = photos.getByRole('list', { name: 'Group photos' });
    await expect(grid.getByRole('listitem')).toHaveCount(7);
    const tops = await grid
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    const firstRow = tops.filter((top) => top === tops[0]).length;
    const phone = testInfo.project.name === 'phone';
    expect(firstRow).toBe(phone ? 3 : 6);
    // The camera is offered where there is one to hand: phones and tablets.
    await expect(photos.getByRole('button', { name: 'Take a photo' })).toHaveCount(phone ? 1 : 0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await seriousProblems(page, '[data-widget-type="photo"]')).toEqual([]);

    // The viewer: as large as the screen allows, and as accessible.
    await grid.getByRole('button').first().click();
    const viewer = page.getByRole('dialog', { name: 'Photo added by Gia Grid' });
    await expect(viewer.getByText(/· 1 of 7$/)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(/· 2 of 7$/)).toBeVisible();
    expect(await seriousProblems(page, '[role="dialog"]')).toEqual([]);
    await page.context().close();
  },
);
