import { expect, type Page, test } from '@playwright/test';
import { ownerAndMemberOnTrip, todoList } from './support/together';

/**
 * Issue #24: the Trip activity panel. Two people on a trip: what one does shows in the other's
 * open panel, and a deleted to-do comes back from its entry, for both.
 */

const panel = (page: Page) => page.getByRole('dialog', { name: 'Trip activity' });
const entries = (page: Page) => panel(page).getByTestId('activity-entry');

/** The top bar's button on a wide screen; on a phone, the trip menu's item (the bar has no room). */
async function openActivity(page: Page, onPhone: boolean, tripName: string) {
  if (onPhone) {
    await expect(page.getByRole('button', { name: 'Trip activity' })).toBeHidden();
    await page.getByRole('button', { name: tripName }).click();
    await page.getByRole('menuitem', { name: 'Trip activity' }).click();
  } else {
    await page.getByRole('button', { name: 'Trip activity' }).click();
  }
}

test(
  'the activity panel lists the others’ changes live, and a deleted to-do is restored from it',
  {
    tag: '@phone',
  },
  async ({ browser }, info) => {
    const base = info.project.use.baseURL ?? '';
    const { owner, member } = await ownerAndMemberOnTrip(
      browser,
      { base, firstName: 'Ada', lastName: 'History' },
      { base, firstName: 'Ben', lastName: 'History' },
    );

    // The member joined: the first entry of the trip's history besides the sample trip's making.
    await openActivity(owner, info.project.name === 'phone', 'Bali 2023');
    await expect(panel(owner)).toBeVisible();
    await expect(
      panel(owner).getByText('in the last 7 days, as far back as the Free plan keeps'),
    ).toBeVisible();
    await expect(entries(owner).first()).toContainText('Ben History joined the trip');

    // The member adds a to-do and deletes another; the owner's open panel follows.
    const form = todoList(member).getByRole('form', { name: 'Add a task' });
    await form.getByLabel('New task').fill('Rent scooters in Ubud');
    await form.getByLabel('New task').press('Enter');
    await expect(todoList(member).getByText('Rent scooters in Ubud')).toBeVisible();
    const sample = 'Buy travel insurance for the group';
    // Ticked off first: a task's Delete shows once it is done.
    await todoList(member).getByRole('checkbox', { name: sample }).check();
    await todoList(member)
      .getByRole('button', { name: `Delete task: ${sample}` })
      .click();
    await expect(todoList(member).getByText(sample)).toHaveCount(0);

    const deleted = entries(owner).filter({ hasText: `Ben History deleted the to-do “${sample}”` });
    await expect(deleted).toHaveCount(1);
    await expect(
      entries(owner).filter({ hasText: 'Ben History added the to-do “Rent scooters in Ubud”' }),
    ).toHaveCount(1);
    await expect(panel(owner).getByRole('heading', { name: 'Today' })).toBeVisible();

    // Restored from the entry: back on both boards, and the history says who brought it back.
    await deleted.getByRole('button', { name: /^Restore/ }).click();
    await expect(deleted).toContainText('Restored');
    await expect(deleted.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
    await expect(entries(owner).first()).toContainText(
      `Ada History restored the to-do “${sample}”`,
    );
    await owner.keyboard.press('Escape');
    await expect(panel(owner)).toHaveCount(0);
    await expect(todoList(owner).getByText(sample)).toBeVisible();
    await expect(todoList(member).getByText(sample)).toBeVisible();

    await owner.context().close();
    await member.context().close();
  },
);
