import { expect, type Page, test } from '@playwright/test';
import { ownerAndMemberOnTrip, todoList } from './support/together';

/**
 * Issue #24: two people discuss a to-do where it is. The member mentions the owner with the @
 * picker; the owner's bell tells them at once, they see the count appear live, reads the thread with the mention picked out,
 * and only the author can edit or delete a comment.
 */

const TASK = 'Book flights to Bali (Denpasar, DPS)';
const commentsOf = (page: Page) =>
  todoList(page).getByRole('listitem').filter({ hasText: TASK }).getByTestId('comments-button');
const thread = (page: Page) => page.getByRole('dialog', { name: 'Comments' });

test('a comment with a mention on a to-do reaches the other live; only its author edits it', async ({
  browser,
}, info) => {
  const base = info.project.use.baseURL ?? '';
  const { owner, member } = await ownerAndMemberOnTrip(
    browser,
    { base, firstName: 'Carla', lastName: 'Talk' },
    { base, firstName: 'Dev', lastName: 'Talk' },
  );

  await expect(commentsOf(owner)).toHaveAccessibleName(`Comment on “${TASK}”`);
  await commentsOf(member).click();
  await expect(thread(member).getByText('No comments yet. Start the conversation.')).toBeVisible();
  const box = thread(member).getByRole('combobox', { name: 'New comment' });
  await box.fill('Can you check the times, ');
  await box.pressSequentially('@car');
  await expect(thread(member).getByRole('option', { name: 'Carla Talk' })).toBeVisible();
  await box.press('Enter'); // picks the person, does not send
  await expect(box).toHaveValue('Can you check the times, @Carla Talk ');
  await box.pressSequentially('?');
  await box.press('Enter');
  await expect(thread(member).getByTestId('comment')).toHaveCount(1);
  await expect(box).toHaveValue('');

  // The owner's bell and count follow without a reload; choosing the entry opens the to-do's
  // thread (issue #38), the mention picked out, the to-do highlighted under it.
  const bell = owner.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const told = owner.getByRole('dialog', { name: 'Notifications' }).getByRole('listitem');
  await expect(told.first()).toContainText(`Dev Talk mentioned you on “${TASK}”`);
  await told.first().getByRole('button').first().click();
  await expect(thread(owner)).toContainText(TASK);
  // Under the dialog (hidden from the accessibility tree while it is open).
  await expect(owner.locator('[data-revealed]')).toContainText(TASK);
  const comment = thread(owner).getByTestId('comment');
  await expect(comment).toContainText('Dev Talk');
  await expect(comment.locator('strong')).toHaveText('@Carla Talk');
  await expect(comment.getByRole('button', { name: 'Edit comment' })).toHaveCount(0);
  await owner.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(commentsOf(owner)).toHaveAccessibleName(`Comments on “${TASK}”: 1`);

  // The author edits it; the owner's open thread follows.
  await commentsOf(owner).click();
  await thread(member).getByRole('button', { name: 'Edit comment' }).click();
  const edit = thread(member).getByRole('combobox', { name: 'Edit comment' });
  await edit.fill('Times checked: 08:30 from Jakarta.');
  await edit.press('Enter');
  await expect(thread(owner).getByTestId('comment')).toContainText(
    'Times checked: 08:30 from Jakarta.',
  );
  await expect(thread(owner).getByTestId('comment')).toContainText('edited');

  await owner.context().close();
  await member.context().close();
});
