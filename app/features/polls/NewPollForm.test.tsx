import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type Route } from '@/test/api';
import { renderPage } from '@/test/render';
import { POLL_MESSAGES, POLL_OPTIONS_MAX, type Poll } from '../../../shared/contracts/polls';
import { NewPollForm } from './NewPollForm';

const POLLS_URL = '/api/trips/t1/polls';
const ASK = `POST ${POLLS_URL}`;

const asked: Poll = {
  id: 'p1',
  tripId: 't1',
  question: 'Where do we stay?',
  options: [
    { id: 'o1', text: 'Ubud', votes: 0, voters: [] },
    { id: 'o2', text: 'Canggu', votes: 0, voters: [] },
  ],
  multiple: false,
  hideVoters: false,
  voterCount: 0,
  closesAt: null,
  closedAt: null,
  createdBy: { id: 'u1', name: 'Ana Lima' },
  createdAt: '2026-11-02T10:00:00.000Z',
  myVotes: [],
};

function renderForm(ask: Route = { status: 201, body: asked }) {
  const api = mockApi({ [ASK]: ask });
  const onDone = vi.fn();
  renderPage(<NewPollForm tripId="t1" onDone={onDone} />, { route: '/dashboard' });
  const form = screen.getByRole('form', { name: 'New poll' });
  return {
    api,
    onDone,
    form,
    user: userEvent.setup(),
    question: within(form).getByLabelText('Question') as HTMLInputElement,
    option: (n: number) => within(form).getByRole('textbox', { name: `Option ${n}` }),
    ask: () => within(form).getByRole('button', { name: 'Ask the group' }),
  };
}

describe('NewPollForm', () => {
  it('sends the question, the options without the blank rows, and the choices', async () => {
    const { api, onDone, form, user, question, option, ask } = renderForm();
    expect(document.activeElement).toBe(question);
    await user.type(question, 'Where do we stay?');
    await user.type(option(1), 'Ubud');
    await user.click(within(form).getByRole('button', { name: 'Add option' }));
    await user.click(within(form).getByRole('button', { name: 'Add option' }));
    await user.type(option(3), 'Canggu');
    await user.click(within(form).getByRole('checkbox', { name: 'Allow several choices' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Hide who voted for what' }));
    await user.click(ask());

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.callsTo(ASK).map((call) => call.body)).toEqual([
      {
        question: 'Where do we stay?',
        options: ['Ubud', 'Canggu'],
        multiple: true,
        hideVoters: true,
        closesAt: null,
        // Chosen here, so that sending it again asks once (issue #37).
        id: expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
      },
    ]);
  });

  it('sends the deadline as an instant, and refuses one already past', async () => {
    const { api, onDone, form, user, question, option, ask } = renderForm();
    await user.type(question, 'Which day for the boat?');
    await user.type(option(1), 'Monday');
    await user.type(option(2), 'Tuesday');
    const deadline = within(form).getByLabelText('Deadline (optional)');
    fireEvent.change(deadline, { target: { value: '2001-01-01T09:00' } });
    await user.click(ask());

    expect((await within(form).findByRole('alert')).textContent).toBe(POLL_MESSAGES.closesAtPast);
    expect(api.callsTo(ASK)).toEqual([]);

    fireEvent.change(deadline, { target: { value: '2999-12-20T09:00' } });
    await user.click(ask());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.callsTo(ASK)[0]?.body).toMatchObject({
      closesAt: new Date('2999-12-20T09:00').toISOString(),
    });
  });

  it.each([
    ['no question', '', ['Ubud', 'Canggu'], POLL_MESSAGES.missingQuestion],
    ['one option', 'Where do we stay?', ['Ubud', ''], POLL_MESSAGES.options],
    [
      'the same option twice',
      'Where do we stay?',
      ['Ubud', ' ubud '],
      POLL_MESSAGES.duplicateOption,
    ],
  ])(
    'refuses %s with the shared message, focus on the question',
    async (_case, text, rows, message) => {
      const { api, form, user, question, option, ask } = renderForm();
      if (text) await user.type(question, text);
      for (const [index, row] of rows.entries()) if (row) await user.type(option(index + 1), row);
      await user.click(ask());

      const alert = await within(form).findByRole('alert');
      expect(alert.textContent).toBe(message);
      expect(question.getAttribute('aria-describedby')).toBe(alert.id);
      expect(document.activeElement).toBe(question);
      expect(api.callsTo(ASK)).toEqual([]);
    },
  );

  it('adds rows up to the limit, each taking focus, and removes one, focus going up', async () => {
    const { form, user, option } = renderForm();
    const add = () => within(form).getByRole('button', { name: 'Add option' });
    // Two rows are the least a poll has: none can go.
    expect(within(form).queryByRole('button', { name: /Remove option/ })).toBeNull();

    await user.click(add());
    expect(document.activeElement).toBe(option(3));
    await user.type(option(2), 'Canggu');
    await user.type(option(3), 'Uluwatu');
    await user.click(within(form).getByRole('button', { name: 'Remove option 2' }));
    expect(option(2)).toHaveProperty('value', 'Uluwatu');
    expect(document.activeElement).toBe(option(1));

    for (let rows = 2; rows < POLL_OPTIONS_MAX; rows += 1) await user.click(add());
    expect(within(form).getAllByRole('textbox', { name: /^Option / })).toHaveLength(
      POLL_OPTIONS_MAX,
    );
    expect(within(form).queryByRole('button', { name: 'Add option' })).toBeNull();
  });

  it("shows the server's refusal and stays open", async () => {
    const { onDone, form, user, question, option, ask } = renderForm({
      status: 400,
      body: { message: 'A trip holds at most 100 polls. Remove some to add more.' },
    });
    await user.type(question, 'Where do we stay?');
    await user.type(option(1), 'Ubud');
    await user.type(option(2), 'Canggu');
    await user.click(ask());

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'A trip holds at most 100 polls. Remove some to add more.',
    );
    expect(onDone).not.toHaveBeenCalled();
    expect(question.value).toBe('Where do we stay?');
  });
});
