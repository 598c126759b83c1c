import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, mockApi, type Reply } from '@/test/api';
import { renderPage } from '@/test/render';
import type { CreateTodoBody, Todo } from '../../../shared/contracts/todos';
import { TodoWidget } from './TodoWidget';
import { freezeClock, MEMBERS_URL, makeTodo, members, TODOS_URL, trip } from './todoTestData';

const ADD = `POST ${TODOS_URL}`;

/** The server's answer to a POST: the task as sent, with an id and the assignee's name. */
function created(body: CreateTodoBody, id = 'new1'): Todo {
  const member = members.find((candidate) => candidate.id === body.assignedTo);
  return makeTodo({
    id,
    text: body.text as string,
    dueDate: body.dueDate ? new Date(body.dueDate).toISOString() : null,
    priority: body.priority ?? 'medium',
    assignedTo: member ? { id: member.id, name: member.name } : null,
  });
}

async function renderForm(existing: Todo[] = []) {
  const api = mockApi({
    [`GET ${TODOS_URL}`]: { body: existing },
    [`GET ${MEMBERS_URL}`]: { body: members },
    [ADD]: (call) => ({ status: 201, body: created(call.body as CreateTodoBody) }),
  });
  renderPage(<TodoWidget trip={trip} expanded={false} />, { route: '/dashboard' });
  const text = (await screen.findByRole('textbox', { name: 'New task' })) as HTMLInputElement;
  const form = screen.getByRole('form', { name: 'Add a task' });
  // The members arrive with their own request.
  await within(form).findByRole('option', { name: 'Ben Okafor' });
  return {
    api,
    user: userEvent.setup(),
    text,
    form,
    due: within(form).getByLabelText('Due date') as HTMLInputElement,
    priority: within(form).getByLabelText('Priority') as HTMLSelectElement,
    assignee: within(form).getByLabelText('Assigned to') as HTMLSelectElement,
  };
}

const pickDay = (input: HTMLInputElement, day: string) =>
  fireEvent.change(input, { target: { value: day } });

beforeEach(() => {
  freezeClock();
});

describe('AddTodoForm (in the to-do widget)', () => {
  it('starts due in 7 days, medium priority, unassigned; the members can be picked', async () => {
    const { due, priority, assignee } = await renderForm();
    // Now is Dec 13, 10:00.
    expect(due.value).toBe('2026-12-20');
    expect(priority.value).toBe('medium');
    expect(assignee.value).toBe('');
    expect([...assignee.options].map((option) => option.text)).toEqual([
      'Unassigned',
      'Ana Lima (you)',
      'Ben Okafor',
    ]);
  });

  it('adds with Enter: POST trimmed text, the due day at local noon, priority, unassigned', async () => {
    const { api, user, text } = await renderForm([makeTodo({ id: 'old', text: 'Buy adapters' })]);
    await user.type(text, '  Book the villa  {Enter}');

    await waitFor(() => expect(api.callsTo(ADD)).toHaveLength(1));
    const body = api.callsTo(ADD)[0]!.body as CreateTodoBody;
    expect(body).toEqual({
      text: 'Book the villa',
      dueDate: expect.stringMatching(/^2026-12-20T12:00:00[+-]\d{2}:\d{2}$/),
      priority: 'medium',
      isCompleted: false,
      assignedTo: null,
      // Chosen here, so that sending it again adds the task once (issue #37).
      id: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
    });
    expect(Date.parse(body.dueDate!)).toBe(new Date(2026, 11, 20, 12).getTime());

    // At the end of the list, the text cleared, the field still focused for the next one.
    const list = await screen.findByRole('list', { name: 'Tasks' });
    await within(list).findByText('Book the villa');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('label')?.textContent)).toEqual([
      'Buy adapters',
      'Book the villa',
    ]);
    expect(text.value).toBe('');
    expect(document.activeElement).toBe(text);
    expect(screen.getByText('0 of 2 done')).toBeVisible();
  });

  it('sends the chosen assignee and date, with the Add button', async () => {
    const { api, user, text, due, assignee, form } = await renderForm();
    await user.type(text, 'Rent scooters');
    pickDay(due, '2026-12-31');
    await user.selectOptions(assignee, 'u2');
    await user.click(within(form).getByRole('button', { name: 'Add task' }));

    await waitFor(() => expect(api.callsTo(ADD)).toHaveLength(1));
    expect(api.callsTo(ADD)[0]!.body).toMatchObject({
      text: 'Rent scooters',
      dueDate: expect.stringMatching(/^2026-12-31T12:00:00/),
      priority: 'low',
      assignedTo: 'u2',
    });
    expect(
      await screen.findByRole('button', { name: 'Assignee for Rent scooters: Ben Okafor' }),
    ).toBeVisible();
    expect(document.activeElement).toBe(text);
  });

  // Issue #17: the last task's due day and priority stuck to the next one.
  it('starts the next task from the defaults again: due in 7 days, medium', async () => {
    const { api, user, text, due, priority } = await renderForm();
    await user.type(text, 'Book the ferry');
    pickDay(due, '2026-12-14');
    await user.selectOptions(priority, 'high');
    await user.type(text, '{Enter}');
    await waitFor(() => expect(api.callsTo(ADD)).toHaveLength(1));
    expect(api.callsTo(ADD)[0]!.body).toMatchObject({ priority: 'high' });
    await waitFor(() => expect(text.value).toBe(''));
    expect(due.value).toBe('2026-12-20');
    expect(priority.value).toBe('medium');
  });

  it.each([
    ['empty', ''],
    ['only spaces', '    '],
  ])('refuses %s text with the shared message and sends nothing', async (_case, typed) => {
    const { api, user, text, form } = await renderForm();
    if (typed) await user.type(text, typed);
    await user.click(within(form).getByRole('button', { name: 'Add task' }));

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('Please enter a task');
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(text.getAttribute('aria-describedby')).toBe(alert.id);
    expect(api.callsTo(ADD)).toEqual([]);

    // Typing clears the message.
    await user.type(text, 'x');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('sets the priority from the due date until the user picks one, then keeps it', async () => {
    const { api, user, text, due, priority } = await renderForm();
    pickDay(due, '2026-12-15'); // 2 days away
    expect(priority.value).toBe('high');
    pickDay(due, '2026-12-22'); // 9 days
    expect(priority.value).toBe('low');
    pickDay(due, '2026-12-18'); // 5 days
    expect(priority.value).toBe('medium');

    await user.selectOptions(priority, 'low');
    pickDay(due, '2026-12-14');
    expect(priority.value).toBe('low');

    await user.type(text, 'Exchange money{Enter}');
    await waitFor(() => expect(api.callsTo(ADD)).toHaveLength(1));
    expect(api.callsTo(ADD)[0]!.body).toMatchObject({
      priority: 'low',
      dueDate: expect.stringMatching(/^2026-12-14T12:00:00/),
    });
  });

  it('sends no due date when the date is cleared', async () => {
    const { api, user, text, due } = await renderForm();
    pickDay(due, '');
    await user.type(text, 'Someday{Enter}');
    await waitFor(() => expect(api.callsTo(ADD)).toHaveLength(1));
    expect(api.callsTo(ADD)[0]!.body).toMatchObject({ dueDate: null, priority: 'medium' });
  });

  it('shows the server’s message when the task cannot be added, and keeps the text', async () => {
    const { api, user, text, form } = await renderForm();
    api.on(ADD, {
      status: 400,
      body: { message: 'The assignee must be a member of this trip' },
    });
    await user.type(text, 'Book the villa{Enter}');

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toBe('The assignee must be a member of this trip');
    expect(text.value).toBe('Book the villa');
    expect(screen.getByText('No tasks yet. Add your first task below!')).toBeVisible();
  });

  it('sends a task once even when Enter is pressed again while it is on its way', async () => {
    const reply = deferred<Reply>();
    const { api, user, text, form } = await renderForm();
    api.on(ADD, () => reply.promise);
    await user.type(text, 'Book the villa{Enter}');
    await waitFor(() =>
      expect(
        (within(form).getByRole('button', { name: 'Add task' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    await user.keyboard('{Enter}');
    expect(api.callsTo(ADD)).toHaveLength(1);

    reply.resolve({
      status: 201,
      body: created({ text: 'Book the villa', priority: 'medium', dueDate: null }),
    });
    expect(await screen.findByText('Book the villa')).toBeVisible();
    expect(text.value).toBe('');
  });
});
