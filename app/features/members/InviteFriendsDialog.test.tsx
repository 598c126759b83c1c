import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTrip } from '@/features/trips/tripFixtures';
import { makeUser, mockApi, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { CurrentUser } from '../../../shared/contracts/account';
import type { Trip, TripMember } from '../../../shared/contracts/trips';
import { InviteFriendsDialog } from './InviteFriendsDialog';

const bali = makeTrip();
const MEMBERS: TripMember[] = [
  { id: 'u1', name: 'Ana Lima', image: null, role: 'owner', isCurrentUser: true },
  { id: 'u2', name: 'Bo Chen', image: null, role: 'member', isCurrentUser: false },
];
const LINK = {
  url: 'https://tripmates.test/join/bali-2023-abc123',
  expiresAt: '2027-01-31T00:00:00.000Z',
};

function renderDialog(
  trip: Trip = bali,
  routes: Record<string, Route> = {},
  user: CurrentUser = makeUser(),
) {
  const api = mockApi({
    'GET /api/trips/t1/members': { body: MEMBERS },
    'GET /api/trips/t1/invitation': { body: LINK },
    ...routes,
  });
  const utils = renderPage(<InviteFriendsDialog trip={trip} open onOpenChange={() => {}} />, {
    route: '/dashboard',
    user,
  });
  const dialog = screen.getByRole('dialog', { name: 'Invite Friends' });
  return { api, dialog, ...utils };
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
}

beforeEach(() => resetToasts());
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('InviteFriendsDialog for the owner', () => {
  it('lists the members with their badges and marks me', async () => {
    const { dialog } = renderDialog();
    const list = await within(dialog).findByRole('list', { name: 'Members' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ALAna Lima (you)owner',
      'BCBo ChenmemberRemove',
    ]);
    // Only other people can be removed.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(dialog).queryByText(/Only the trip owner/)).toBeNull();
  });

  it("counts the travellers against the owner's plan, and says when the trip is full", async () => {
    const { dialog, unmount } = renderDialog();
    expect(await within(dialog).findByText('2 of 4 travellers on your Free plan.')).toBeVisible();
    unmount();

    const four = [0, 1, 2, 3].map((n) => ({ ...MEMBERS[1]!, id: `u${n}`, name: `Traveller ${n}` }));
    const full = renderDialog(bali, { 'GET /api/trips/t1/members': { body: four } });
    const note = await within(full.dialog).findByText(/This trip is full/);
    expect(note.getAttribute('role')).toBe('status');
    expect(note.textContent).toBe(
      'This trip is full: your Free plan allows up to 4 travellers. See plans or remove someone to invite more.',
    );
  });

  it('refuses an address without @ with the spec toast and sends nothing', async () => {
    const { api, dialog } = renderDialog();
    const input = within(dialog).getByLabelText('Invite by email');
    await userEvent.type(input, 'bo.example.com{Enter}');
    await findToast('Invalid email', 'Please enter a valid email address');

    await userEvent.clear(input);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await findToast('Invalid email', 'Please enter a valid email address');
    expect(api.callsTo('POST /api/trips/t1/invitations')).toEqual([]);
  });

  it('sends the invitation and says so', async () => {
    const { api, dialog } = renderDialog(bali, {
      'POST /api/trips/t1/invitations': { body: { success: true } },
    });
    const input = within(dialog).getByLabelText('Invite by email') as HTMLInputElement;
    await userEvent.type(input, ' bo@example.com {Enter}');

    await findToast('Invitation sent to bo@example.com');
    expect(api.callsTo('POST /api/trips/t1/invitations')[0]!.body).toEqual({
      email: 'bo@example.com',
    });
    expect(input.value).toBe('');
  });

  it('lists the e-mailed invitations with how each fared, and looks again after a send', async () => {
    let listed = [
      {
        id: 'm2',
        email: 'nobody@example.com',
        kind: 'invitation',
        state: 'not_delivered',
        createdAt: '2026-11-27T10:00:00.000Z',
        reason: '550 5.1.1 <recipient>: Recipient address rejected',
      },
      {
        id: 'm1',
        email: 'cy@example.com',
        kind: 'magic_link',
        state: 'sent',
        createdAt: '2026-11-27T09:00:00.000Z',
        reason: null,
      },
    ];
    const { dialog } = renderDialog(bali, {
      'GET /api/trips/t1/invitations': () => ({ body: { invitations: listed } }),
      'POST /api/trips/t1/invitations': () => {
        listed = [
          {
            id: 'm3',
            email: 'bo@example.com',
            kind: 'invitation',
            state: 'sending',
            createdAt: '2026-11-27T11:00:00.000Z',
            reason: null,
          },
          ...listed,
        ];
        return { body: { success: true } };
      },
    });
    const section = await within(dialog).findByRole('region', { name: 'Sent invitations' });
    const rows = () => within(section).getAllByRole('listitem');
    expect(rows()).toHaveLength(2);
    expect(rows()[0]!.textContent).toContain('Not delivered');
    expect(rows()[0]!.textContent).toContain('The mail server refused it.');
    expect(rows()[0]!.textContent).toContain('550 5.1.1 <recipient>');
    expect(rows()[1]!.textContent).toContain('Magic link');
    expect(rows()[1]!.textContent).toContain('Sent');

    await userEvent.type(within(dialog).getByLabelText('Invite by email'), 'bo@example.com{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[0]!.textContent).toContain('bo@example.com');
    expect(rows()[0]!.textContent).toContain('Sending…');
  });

  it('shows no list before anything was e-mailed', async () => {
    const { dialog, api } = renderDialog(bali, {
      'GET /api/trips/t1/invitations': { body: { invitations: [] } },
    });
    await waitFor(() => expect(api.callsTo('GET /api/trips/t1/invitations')).toHaveLength(1));
    expect(within(dialog).queryByRole('region', { name: 'Sent invitations' })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    const { dialog } = renderDialog(bali, {
      'POST /api/trips/t1/invitations': {
        status: 400,
        body: { message: 'Please enter a valid email address' },
      },
    });
    await userEvent.type(within(dialog).getByLabelText('Invite by email'), 'bo@x{Enter}');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Please enter a valid email address',
    );
  });

  it('shows a Free owner the magic link disabled, with the upgrade note', () => {
    const { dialog } = renderDialog();
    const magic = within(dialog).getByRole('form', { name: 'Magic link' });
    expect(
      within(magic).getByText(/^Magic-link invitations come with Premium and Pro\./),
    ).toBeVisible();
    expect(within(magic).getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe(
      '/plans',
    );
    expect((within(magic).getByLabelText("Friend's email") as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(
      (within(magic).getByRole('button', { name: 'Send magic link' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('lets a Premium owner send a magic link', async () => {
    const { api, dialog } = renderDialog(
      bali,
      { 'POST /api/trips/t1/magic-links': { body: { success: true } } },
      makeUser({ plan: 'premium', isPremium: true }),
    );
    const magic = within(dialog).getByRole('form', { name: 'Magic link' });
    expect(within(magic).queryByText(/come with Premium and Pro/)).toBeNull();
    await userEvent.type(within(magic).getByLabelText("Friend's email"), 'bo@example.com');
    await userEvent.type(within(magic).getByLabelText('Name (optional)'), 'Bo{Enter}');

    await findToast('Magic link sent to bo@example.com');
    expect(api.callsTo('POST /api/trips/t1/magic-links')[0]!.body).toEqual({
      email: 'bo@example.com',
      name: 'Bo',
    });
    // The e-mail invitation next to it sent nothing.
    expect(api.callsTo('POST /api/trips/t1/invitations')).toEqual([]);
  });

  it('copies the invitation link', async () => {
    const writeText = stubClipboard(async () => {});
    const { dialog } = renderDialog();
    const link = (await within(dialog).findByLabelText('Invitation link')) as HTMLInputElement;
    expect(link.value).toBe(LINK.url);
    expect(link.readOnly).toBe(true);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await findToast('Link copied', 'Invitation link copied to clipboard');
    expect(writeText).toHaveBeenCalledWith(LINK.url);
  });

  it('says so when the clipboard refuses', async () => {
    stubClipboard(async () => {
      throw new Error('NotAllowedError');
    });
    const { dialog } = renderDialog();
    await within(dialog).findByLabelText('Invitation link');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await findToast('Copy failed', 'Could not copy the link to clipboard');
  });

  it('resets the link only after a confirmation, and shows the new one', async () => {
    const next = { ...LINK, url: 'https://tripmates.test/join/bali-2023-new456' };
    const { api, dialog } = renderDialog(bali, {
      'POST /api/trips/t1/invitation/reset': { body: next },
    });
    const link = (await within(dialog).findByLabelText('Invitation link')) as HTMLInputElement;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    const confirm = within(dialog).getByRole('group', { name: 'Reset the invitation link' });
    expect(confirm.textContent).toContain('The old link stops working at once');
    expect(api.callsTo('POST /api/trips/t1/invitation/reset')).toEqual([]);

    // Keeping it sends nothing.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep link' }));
    expect(within(dialog).queryByRole('group', { name: 'Reset the invitation link' })).toBeNull();
    expect(api.callsTo('POST /api/trips/t1/invitation/reset')).toEqual([]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset now' }));
    await findToast('Link reset');
    expect(api.callsTo('POST /api/trips/t1/invitation/reset')).toHaveLength(1);
    expect(link.value).toBe(next.url);
  });

  it('removes a member after a confirmation naming them and the trip', async () => {
    let members = MEMBERS;
    const { api, dialog } = renderDialog(bali, {
      'GET /api/trips/t1/members': () => ({ body: members }),
      'DELETE /api/trips/t1/members/u2': () => {
        members = MEMBERS.slice(0, 1);
        return { body: { success: true } };
      },
    });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Remove Bo Chen' }));
    const confirm = within(dialog).getByRole('group', { name: 'Remove Bo Chen' });
    expect(within(confirm).getByText('Remove Bo Chen from Bali 2023?')).toBeVisible();
    expect(api.callsTo('DELETE /api/trips/t1/members/u2')).toEqual([]);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await findToast('Member removed', 'Bo Chen is no longer on Bali 2023.');
    expect(api.callsTo('DELETE /api/trips/t1/members/u2')).toHaveLength(1);
    await waitFor(() => expect(within(dialog).queryByText('Bo Chen')).toBeNull());
    expect(api.callsTo('GET /api/trips/t1/members')).toHaveLength(2);
  });

  it('keeps the member when the confirmation is dismissed, with focus back on Remove', async () => {
    const { api, dialog } = renderDialog();
    const remove = await within(dialog).findByRole('button', { name: 'Remove Bo Chen' });
    await userEvent.click(remove);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(within(dialog).queryByRole('group', { name: 'Remove Bo Chen' })).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(api.callsTo('DELETE /api/trips/t1/members/u2')).toEqual([]);
  });
});

describe('InviteFriendsDialog for a member', () => {
  it('shows the members only, says why, and never asks for the link', async () => {
    const kyoto = makeTrip({ role: 'member' });
    const members = MEMBERS.map((member) => ({ ...member, isCurrentUser: member.id === 'u2' }));
    const { api, dialog } = renderDialog(kyoto, {
      'GET /api/trips/t1/members': { body: members },
    });
    expect(
      within(dialog).getByText('Only the trip owner can invite people or manage members.'),
    ).toBeVisible();
    const list = await within(dialog).findByRole('list', { name: 'Members' });
    expect(within(list).getByText('(you)').parentElement?.textContent).toBe('Bo Chen (you)');
    expect(within(dialog).queryByLabelText('Invite by email')).toBeNull();
    expect(within(dialog).queryByLabelText('Invitation link')).toBeNull();
    expect(within(dialog).queryByRole('form', { name: 'Magic link' })).toBeNull();
    expect(within(list).queryByRole('button')).toBeNull();
    expect(api.callsTo('GET /api/trips/t1/invitation')).toEqual([]);
  });

  it('offers to try again when the members cannot be loaded', async () => {
    const { dialog } = renderDialog(makeTrip({ role: 'member' }), {
      'GET /api/trips/t1/members': { status: 500, body: { message: 'Server is down' } },
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Server is down');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
