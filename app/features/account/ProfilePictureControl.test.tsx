import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY, useAuth } from '@/features/auth/useAuth';
import { tripKeys } from '@/features/trips/tripKeys';
import { deferred, makeUser, mockApi, type Reply } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import {
  type CurrentUser,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_MESSAGES,
} from '../../../shared/contracts/account';
import { ProfileHeader } from './ProfileHeader';

/** The profile's summary as the page shows it: from the cached user, as it changes. */
function Summary() {
  const { user } = useAuth();
  return user ? <ProfileHeader user={user} /> : null;
}

const PICTURE = '/api/users/u1/picture?v=0123456789abcdef';
const withPicture = makeUser({ profileImageUrl: PICTURE });

function renderSummary(user: CurrentUser = makeUser()) {
  const rendered = renderPage(<Summary />, { route: '/profile', user });
  // A member list of one of this person's trips, read before the change.
  rendered.queryClient.setQueryData(tripKeys.members('t1'), []);
  return rendered;
}

const photo = (bytes = 2048) =>
  new File([new Uint8Array(bytes)], 'beach.jpg', { type: 'image/jpeg' });

afterEach(() => {
  resetToasts();
  vi.restoreAllMocks();
});

describe('ProfilePictureControl (issue #38 item 9)', () => {
  it('uploads the chosen file, busy meanwhile, then shows the new picture everywhere', async () => {
    const answer = deferred<Reply>();
    const api = mockApi({ 'PUT /api/user/picture': () => answer.promise });
    const u = userEvent.setup();
    const { queryClient } = renderSummary();
    const button = screen.getByRole('button', { name: 'Upload picture' });
    // Nothing to remove yet.
    expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull();
    const chooser = screen.getByLabelText('Choose a profile picture') as HTMLInputElement;
    expect(chooser.accept).toBe('image/*');

    await u.upload(chooser, photo());
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(button.textContent).toBe('Uploading…');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('PUT /api/user/picture')).toHaveLength(1);

    answer.resolve({ body: withPicture });
    await findToast('Profile picture updated');
    // The account menu and the profile read this; member lists (avatars) are read again.
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toEqual(withPicture);
    expect(queryClient.getQueryState(tripKeys.members('t1'))?.isInvalidated).toBe(true);
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove picture' })).toBeVisible();
  });

  it('opens the file chooser from the keyboard', async () => {
    mockApi();
    const u = userEvent.setup();
    renderSummary();
    const chooser = screen.getByLabelText('Choose a profile picture') as HTMLInputElement;
    const opened = vi.spyOn(chooser, 'click').mockImplementation(() => {});
    await u.tab();
    expect(screen.getByRole('button', { name: 'Upload picture' })).toHaveFocus();
    await u.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal beside the buttons, and keeps the picture as it was", async () => {
    mockApi({
      'PUT /api/user/picture': {
        status: 415,
        body: { code: 'unsupported_media_type', message: PROFILE_PICTURE_MESSAGES.notAPicture },
      },
    });
    const u = userEvent.setup();
    const { queryClient } = renderSummary();
    await u.upload(
      screen.getByLabelText('Choose a profile picture'),
      new File(['passport, charger'], 'list.txt', { type: 'image/png' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      PROFILE_PICTURE_MESSAGES.notAPicture,
    );
    expect(queryClient.getQueryData<CurrentUser>(CURRENT_USER_KEY)?.profileImageUrl).toBeNull();
  });

  it('says a file is too large without sending it', async () => {
    const api = mockApi();
    const u = userEvent.setup();
    renderSummary();
    await u.upload(
      screen.getByLabelText('Choose a profile picture'),
      photo(PROFILE_PICTURE_MAX_BYTES + 1),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(PROFILE_PICTURE_MESSAGES.tooLarge);
    expect(api.actions()).toEqual([]);
  });

  it('removes the picture', async () => {
    const api = mockApi({ 'DELETE /api/user/picture': { body: makeUser() } });
    const u = userEvent.setup();
    const { queryClient } = renderSummary(withPicture);
    await u.click(screen.getByRole('button', { name: 'Remove picture' }));
    await findToast('Profile picture removed');
    expect(api.callsTo('DELETE /api/user/picture')).toHaveLength(1);
    expect(queryClient.getQueryData<CurrentUser>(CURRENT_USER_KEY)?.profileImageUrl).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull();
  });
});
