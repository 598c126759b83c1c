import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { mediaLaunchOptions } from './support/media';
import { ownerAndMemberOnTrip, signUpPerson, todoList } from './support/together';

/**
 * Issue #38: the trip's chat. Two people write to each other live beside the board: the unread
 * count shows in the top bar, a mention reaches the bell, the board stays usable with the chat
 * open and the chat stays open during a call; only the author edits or deletes a message. On a
 * phone the chat is the whole screen.
 */

// A call is joined with Chromium's fake microphone.
test.use({ launchOptions: mediaLaunchOptions });

const chatButton = (page: Page) => page.getByRole('button', { name: /^Trip chat/ });
const chat = (page: Page) => page.getByRole('complementary', { name: 'Trip chat' });
const messages = (page: Page) => chat(page).getByTestId('chat-message');
const box = (page: Page) => chat(page).getByRole('combobox', { name: 'Message' });

test('two people chat live beside the board; the unread count and a mention reach the other', async ({
  browser,
}, info) => {
  const base = info.project.use.baseURL ?? '';
  const { owner, member } = await ownerAndMemberOnTrip(
    browser,
    { base, firstName: 'Carla', lastName: 'Chat' },
    { base, firstName: 'Dev', lastName: 'Chat' },
  );

  // The owner opens the chat: nothing yet, and the board beside it still works.
  await expect(chatButton(owner)).toHaveAccessibleName('Trip chat');
  await chatButton(owner).click();
  await expect(chat(owner).getByText('No messages yet')).toBeVisible();
  await expect(box(owner)).toBeFocused();
  await todoList(owner).getByRole('checkbox').first().click();
  await expect(todoList(owner).getByRole('checkbox').first()).toBeChecked();
  await expect(chat(owner)).toBeVisible();

  // A mention picked with @, sent with Enter.
  await box(owner).pressSequentially('Ferry or plane, @de');
  await expect(chat(owner).getByRole('option', { name: 'Dev Chat' })).toBeVisible();
  await box(owner).press('Enter'); // picks the person, does not send
  await box(owner).pressSequentially('?');
  await box(owner).press('Enter');
  await expect(messages(owner)).toHaveCount(1);
  await expect(box(owner)).toHaveValue('');

  // The member's top bar counts it, and the bell tells of the mention, without a reload.
  await expect(chatButton(member)).toHaveAccessibleName('Trip chat, 1 unread');
  await expect(member.getByTestId('chat-badge')).toHaveText('1');
  const bell = member.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  // The bell's entry opens the chat at the message (issue #38), highlighted.
  await bell.click();
  await member.getByTestId('notification-entry').getByRole('button').first().click();
  await expect(messages(member)).toHaveCount(1);
  await expect(messages(member)).toHaveAttribute('data-revealed', 'true');
  await expect(messages(member).locator('strong')).toHaveText('@Dev Chat');
  await expect(chat(member).getByText('Carla Chat')).toBeVisible();
  await expect(chat(member).getByRole('button', { name: 'Edit message' })).toHaveCount(0);

  // Reading it clears the count: closed again, and after a reload.
  await chat(member).getByRole('button', { name: 'Close the chat' }).click();
  await expect(chat(member)).toHaveCount(0);
  await expect(chatButton(member)).toBeFocused();
  await member.reload();
  await expect(chatButton(member)).toHaveAccessibleName('Trip chat', { timeout: 30_000 });

  // The owner joins the audio room: the chat stays open, and the member's reply arrives live.
  await owner.getByRole('button', { name: 'Join audio room', exact: true }).click();
  await expect(owner.getByRole('button', { name: 'Leave audio room', exact: true })).toBeVisible();
  await chatButton(member).click();
  await box(member).fill('Ferry!\nIt is cheaper.');
  await box(member).press('Enter');
  await expect(messages(owner)).toHaveCount(2);
  await expect(messages(owner).nth(1)).toContainText('It is cheaper.');
  await expect(chat(owner)).toBeVisible();

  // Its author edits it (the owner's open chat follows), then deletes it once asked.
  await chat(member).getByRole('button', { name: 'Edit message' }).click();
  const edit = chat(member).getByRole('combobox', { name: 'Edit message' });
  await edit.fill('Ferry at 9!');
  await edit.press('Enter');
  await expect(messages(owner).nth(1)).toContainText('Ferry at 9!');
  await expect(messages(owner).nth(1)).toContainText('(edited)');
  await chat(member).getByRole('button', { name: 'Delete message' }).click();
  await chat(member)
    .getByRole('group', { name: 'Delete this message for everyone?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(messages(member)).toHaveCount(1);
  await expect(messages(owner)).toHaveCount(1);
  // What came while the chat was open was read as it came: no count once it is closed.
  await chatButton(owner).click();
  await expect(chat(owner)).toHaveCount(0);
  await expect(chatButton(owner)).toHaveAccessibleName('Trip chat');
  await owner.getByRole('button', { name: 'Leave audio room', exact: true }).click();

  await owner.context().close();
  await member.context().close();
});

test(
  'on a phone the chat is the whole screen, and closes back to the board',
  { tag: '@phone' },
  async ({ browser }, info) => {
    test.skip(info.project.name !== 'phone', 'the phone’s own layout of the chat');
    const base = info.project.use.baseURL ?? '';
    const page = await signUpPerson(browser, { base, firstName: 'Eli', lastName: 'Phone' });
    await page.goto('/dashboard');
    await expect(todoList(page)).toBeVisible({ timeout: 30_000 });

    await chatButton(page).click();
    const viewport = page.viewportSize()!;
    await expect
      .poll(async () => chat(page).boundingBox())
      .toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    await box(page).fill('Packing list later?');
    await box(page).press('Enter');
    await expect(messages(page)).toHaveCount(1);
    const results = await new AxeBuilder({ page })
      .include('[data-testid="chat-panel"]')
      // Initials on some presence colours (green, amber, cyan, lime) are under 4.5:1 wherever a
      // face is shown (PersonAvatar); the name beside each face says who it is.
      .exclude('[data-slot="avatar"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(chat(page)).toHaveCount(0);
    await expect(todoList(page)).toBeVisible();
    await page.context().close();
  },
);
