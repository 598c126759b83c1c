import { expect, type Page, test } from '@playwright/test';
import { ownerAndMemberOnTrip } from './support/together';

/**
 * Deciding together (issue #21), its polls: one person asks the group, the other sees the
 * question arrive, both vote and watch the counts move, and closing shows everyone the winner.
 */

const pollWidget = (page: Page) => page.getByRole('region', { name: 'Polls', exact: true });
const pollCard = (page: Page, question: string) =>
  pollWidget(page).getByRole('article', { name: question, exact: true });
const option = (card: ReturnType<typeof pollCard>, text: string) =>
  card.locator(`[data-poll-option="${text}"]`);

test('a poll is asked, both vote live, and closing it shows the winner', async ({ browser }) => {
  const base = test.info().project.use.baseURL ?? '';
  const { owner, member } = await ownerAndMemberOnTrip(
    browser,
    { base, firstName: 'Priya', lastName: 'Poll' },
    { base, firstName: 'Tomas', lastName: 'Poll' },
  );

  // The owner adds the Poll widget; it appears on the member's board too.
  await owner.getByRole('button', { name: 'Add Widget' }).click();
  await owner
    .getByRole('dialog', { name: 'Add Widget' })
    .getByRole('button', { name: 'Polls Vote on dates, places, anything' })
    .click();
  await expect(pollWidget(owner)).toBeVisible();
  await expect(pollWidget(member)).toBeVisible();
  await expect(
    pollWidget(member).getByText('No polls yet. Ask the group about dates, places, anything.'),
  ).toBeVisible();

  // A poll needs two different options: the form says so before anything is sent.
  await pollWidget(owner).getByRole('button', { name: 'Ask a question' }).click();
  const form = pollWidget(owner).getByRole('form', { name: 'New poll' });
  await form.getByLabel('Question').fill('Where do we stay?');
  await form.getByRole('textbox', { name: 'Option 1' }).fill('Ubud');
  await form.getByRole('textbox', { name: 'Option 2' }).fill(' ubud ');
  await form.getByRole('button', { name: 'Ask the group' }).click();
  await expect(form.getByRole('alert')).toHaveText('Each option must be different');
  await form.getByRole('textbox', { name: 'Option 2' }).fill('Canggu');
  await form.getByRole('button', { name: 'Add option' }).click();
  await expect(form.getByRole('textbox', { name: 'Option 3' })).toBeFocused();
  await owner.keyboard.type('Uluwatu');
  await form.getByRole('button', { name: 'Ask the group' }).click();
  await expect(form).toBeHidden();

  // The member sees the question arrive, without a reload.
  const ownersCard = pollCard(owner, 'Where do we stay?');
  const membersCard = pollCard(member, 'Where do we stay?');
  await expect(membersCard).toBeVisible();
  await expect(membersCard.getByText(/Asked by Priya Poll/)).toBeVisible();
  await expect(membersCard.getByRole('status')).toHaveText('No votes yet · 0 people voted');

  // Both vote; each sees the other's vote and who cast it.
  await membersCard.getByRole('radio', { name: 'Canggu' }).check();
  await expect(option(ownersCard, 'Canggu')).toContainText('1 vote');
  await expect(option(ownersCard, 'Canggu')).toContainText('Tomas Poll');
  await ownersCard.getByRole('radio', { name: 'Ubud' }).check();
  await expect(membersCard.getByRole('status')).toHaveText('Tie: Ubud and Canggu · 2 people voted');
  // The member changes their mind: Ubud leads on both screens.
  await membersCard.getByRole('radio', { name: 'Ubud' }).check();
  await expect(ownersCard.getByRole('status')).toHaveText('Leading: Ubud · 2 people voted');
  await expect(option(ownersCard, 'Ubud')).toContainText('2 votes');
  await expect(option(ownersCard, 'Canggu')).toContainText('0 votes');

  // Only who asked (or the owner) closes it; closed, it names the winner and takes no votes.
  await expect(membersCard.getByRole('button', { name: 'Close poll' })).toHaveCount(0);
  // Issue #38: closing is asked first, and can be undone by opening the poll again.
  await ownersCard.getByRole('button', { name: 'Close poll' }).click();
  await ownersCard
    .getByRole('group', { name: 'Close this poll?' })
    .getByRole('button', { name: 'Close poll' })
    .click();
  await expect(membersCard.getByRole('status')).toHaveText('Winner: Ubud · 2 people voted');
  await expect(membersCard.getByRole('radio', { name: 'Canggu' })).toBeDisabled();
  await expect(membersCard.getByText(/Closed /)).toBeVisible();
  await expect(membersCard.getByRole('button', { name: 'Reopen' })).toHaveCount(0);
  await ownersCard.getByRole('button', { name: 'Reopen' }).click();
  await expect(membersCard.getByRole('radio', { name: 'Canggu' })).toBeEnabled();
  await ownersCard.getByRole('button', { name: 'Close poll' }).click();
  await ownersCard
    .getByRole('group', { name: 'Close this poll?' })
    .getByRole('button', { name: 'Close poll' })
    .click();
  await expect(membersCard.getByRole('radio', { name: 'Canggu' })).toBeDisabled();

  // Deleting it takes it off both boards.
  await ownersCard.getByRole('button', { name: 'Delete poll: Where do we stay?' }).click();
  await ownersCard
    .getByRole('group', { name: 'Delete this poll?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(membersCard).toHaveCount(0);
  await expect(
    pollWidget(member).getByText('No polls yet. Ask the group about dates, places, anything.'),
  ).toBeVisible();

  await owner.context().close();
  await member.context().close();
});
