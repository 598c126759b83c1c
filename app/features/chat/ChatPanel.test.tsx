import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTrip } from '@/features/trips/tripFixtures';
import { makeUser, mockApi, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { ChatMessage } from '../../../shared/contracts/chat';
import { PAGE_CURSOR_HEADER } from '../../../shared/contracts/paging';
import type { TripMember } from '../../../shared/contracts/trips';
import { ChatButton, useChatPanel } from './ChatButton';
import { ChatPanel } from './ChatPanel';

// Ids as the server's are: the message box checks mentions with the API's own schema.
const ANA_ID = '5a0c1e52-0000-4000-8000-00000000a1a1';
const BEN_ID = '5a0c1e52-0000-4000-8000-00000000b2b2';
const ana = { id: ANA_ID, name: 'Ana Lima', image: null };
const ben = { id: BEN_ID, name: 'Ben Ode', image: null };
const MEMBERS: TripMember[] = [
  { ...ana, role: 'owner', isCurrentUser: true },
  { ...ben, role: 'member', isCurrentUser: false },
];
const CHAT = '/api/trips/t1/chat';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
function message(
  id: string,
  author: typeof ana,
  body: string,
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id,
    tripId: 't1',
    body,
    author,
    mentions: [],
    createdAt: minutesAgo(10),
    editedAt: null,
    ...overrides,
  };
}

const FROM_BEN = message('m1', ben, 'Ferry at 9, @Ana Lima?', {
  mentions: [{ id: ANA_ID, name: 'Ana Lima' }],
  createdAt: minutesAgo(12),
});
const FROM_BEN_AGAIN = message('m2', ben, 'Or at 10', { createdAt: minutesAgo(11) });
const MINE = message('m3', ana, 'At 10 works', { editedAt: minutesAgo(1) });

function renderChat(routes: Record<string, Route>) {
  const api = mockApi({
    'GET /api/trips/t1/members': { body: MEMBERS },
    [`POST ${CHAT}/read`]: { body: { unread: 0 } },
    ...routes,
  });
  const onClose = vi.fn();
  const view = renderPage(<ChatPanel trip={makeTrip()} myUserId={ANA_ID} onClose={onClose} />, {
    route: '/trips/t1',
    user: makeUser(),
  });
  return { api, onClose, ...view };
}

const panel = () => screen.getByRole('complementary', { name: 'Trip chat' });
const shown = () =>
  within(panel())
    .queryAllByTestId('chat-message')
    .map((item) => item.querySelector('p')?.textContent?.replace('(edited)', ''));

afterEach(() => resetToasts());

describe('ChatPanel', () => {
  it('says there are no messages yet, is ready to write, and closes on Escape', async () => {
    const { onClose } = renderChat({ [`GET ${CHAT}`]: { body: [] } });
    expect(await screen.findByText('No messages yet')).toBeVisible();
    const box = screen.getByRole('combobox', { name: 'Message' });
    expect(box).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows the messages by person, the mention picked out, and reads up to the newest', async () => {
    const { api } = renderChat({ [`GET ${CHAT}`]: { body: [FROM_BEN, FROM_BEN_AGAIN, MINE] } });
    await waitFor(() =>
      expect(shown()).toEqual(['Ferry at 9, @Ana Lima?', 'Or at 10', 'At 10 works']),
    );
    const log = within(panel()).getByRole('log', { name: 'Messages' });
    // Ben's two messages in a row carry his name once; mine say "You".
    expect(within(log).getAllByText('Ben Ode')).toHaveLength(1);
    expect(within(log).getByText('You')).toBeVisible();
    expect(within(log).getByText('@Ana Lima').tagName).toBe('STRONG');
    expect(within(log).getAllByText('(edited)')).toHaveLength(1);
    // Only my own message can be changed.
    expect(within(log).getAllByRole('button', { name: 'Edit message' })).toHaveLength(1);
    await waitFor(() => expect(api.callsTo(`POST ${CHAT}/read`)).toHaveLength(1));
    expect(api.callsTo(`POST ${CHAT}/read`)[0]?.body).toEqual({ upTo: 'm3' });
  });

  it('sends on Enter, a new line on Shift+Enter, with the people picked to mention', async () => {
    const sent = message('m9', ana, '@Ben Ode the ferry?\nAt 9', {
      mentions: [{ id: BEN_ID, name: 'Ben Ode' }],
      createdAt: new Date().toISOString(),
    });
    const { api } = renderChat({
      [`GET ${CHAT}`]: { body: [] },
      [`POST ${CHAT}`]: { status: 201, body: sent },
    });
    const box = await screen.findByRole('combobox', { name: 'Message' });
    await userEvent.type(box, '@be');
    await userEvent.click(await screen.findByRole('option', { name: 'Ben Ode' }));
    await userEvent.type(box, 'the ferry?{Shift>}{Enter}{/Shift}At 9');
    expect(api.callsTo(`POST ${CHAT}`)).toHaveLength(0);
    await userEvent.keyboard('{Enter}');

    await waitFor(() => expect(shown()).toEqual(['@Ben Ode the ferry?\nAt 9']));
    const [call] = api.callsTo(`POST ${CHAT}`);
    expect(call?.body).toEqual({
      body: '@Ben Ode the ferry?\nAt 9',
      mentions: [BEN_ID],
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(box).toHaveValue('');
  });

  it('keeps what was written and says why when sending fails', async () => {
    renderChat({
      [`GET ${CHAT}`]: { body: [] },
      [`POST ${CHAT}`]: {
        status: 429,
        body: { code: 'rate_limited', message: 'Too many requests, please slow down.' },
      },
    });
    const box = await screen.findByRole('combobox', { name: 'Message' });
    await userEvent.type(box, 'Hello{Enter}');
    await findToast('Could not send the message', 'Too many requests, please slow down.');
    expect(box).toHaveValue('Hello');
  });

  it('edits my message in place (Escape leaves the edit, not the chat) and deletes it once asked', async () => {
    const { api, onClose } = renderChat({
      [`GET ${CHAT}`]: { body: [FROM_BEN, MINE] },
      'PATCH /api/chat/m3': {
        body: { ...MINE, body: 'At 11 works', editedAt: new Date().toISOString() },
      },
      'DELETE /api/chat/m3': { body: { success: true } },
    });
    await waitFor(() => expect(shown()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    const edit = screen.getByRole('combobox', { name: 'Edit message' });
    expect(edit).toHaveValue('At 10 works');
    await userEvent.click(edit);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('combobox', { name: 'Edit message' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Edit message' }));
    await userEvent.clear(screen.getByRole('combobox', { name: 'Edit message' }));
    await userEvent.type(
      screen.getByRole('combobox', { name: 'Edit message' }),
      'At 11 works{Enter}',
    );
    await waitFor(() => expect(shown()).toEqual(['Ferry at 9, @Ana Lima?', 'At 11 works']));
    expect(api.callsTo('PATCH /api/chat/m3')[0]?.body).toEqual({
      body: 'At 11 works',
      mentions: [],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    const ask = screen.getByRole('group', { name: 'Delete this message for everyone?' });
    expect(api.callsTo('DELETE /api/chat/m3')).toHaveLength(0);
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(shown()).toEqual(['Ferry at 9, @Ana Lima?']));
    expect(api.callsTo('DELETE /api/chat/m3')).toHaveLength(1);
  });

  it('reads older messages above the newest, on asking', async () => {
    const { api } = renderChat({
      [`GET ${CHAT}`]: (call) =>
        call.url.includes('before=')
          ? { body: [FROM_BEN] }
          : { body: [FROM_BEN_AGAIN, MINE], headers: { [PAGE_CURSOR_HEADER]: 'older-page' } },
    });
    await waitFor(() => expect(shown()).toEqual(['Or at 10', 'At 10 works']));
    await userEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
    await waitFor(() =>
      expect(shown()).toEqual(['Ferry at 9, @Ana Lima?', 'Or at 10', 'At 10 works']),
    );
    expect(api.calls.some((call) => call.url === `${CHAT}?before=older-page`)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();
  });

  it('says when the chat cannot be loaded, and tries again', async () => {
    let fails = true;
    renderChat({
      [`GET ${CHAT}`]: () =>
        fails
          ? { status: 503, body: { code: 'unavailable', message: 'The database is unavailable.' } }
          : { body: [MINE] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is unavailable.');
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(shown()).toEqual(['At 10 works']));
  });
});

function ChatButtonProbe() {
  const chat = useChatPanel();
  return (
    <>
      <ChatButton tripId="t1" panel={chat} />
      <p data-testid="open">{String(chat.open)}</p>
    </>
  );
}

describe('ChatButton', () => {
  it('shows how many messages I have not read, and opens and closes the chat', async () => {
    mockApi({ [`GET ${CHAT}/unread`]: { body: { unread: 3 } } });
    renderPage(<ChatButtonProbe />, { route: '/trips/t1', user: makeUser() });
    const button = await screen.findByRole('button', { name: 'Trip chat, 3 unread' });
    expect(screen.getByTestId('chat-badge')).toHaveTextContent('3');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(screen.getByTestId('open')).toHaveTextContent('true');
    // While the chat is open its messages are being read: no count.
    expect(button).toHaveAccessibleName('Trip chat');
    expect(screen.queryByTestId('chat-badge')).toBeNull();
  });

  it('counts “99+” past what the server counts', async () => {
    mockApi({ [`GET ${CHAT}/unread`]: { body: { unread: 100 } } });
    renderPage(<ChatButtonProbe />, { route: '/trips/t1', user: makeUser() });
    expect(await screen.findByRole('button', { name: 'Trip chat, 99+ unread' })).toBeVisible();
    expect(screen.getByTestId('chat-badge')).toHaveTextContent('9+');
  });
});
