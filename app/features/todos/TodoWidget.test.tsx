import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferred, mockApi, type Reply, type Route } from '@/test/api';
import { findToast, renderPage, resetToasts } from '@/test/render';
import type { Todo } from '../../../shared/contracts/todos';
import { TodoWidget } from './TodoWidget';
import {
  december,
  freezeClock,
  MEMBERS_URL,
  makeTodo,
  members,
  TODOS_URL,
  trip,
} from './todoTestData';

const bookFlights = makeTodo({
  id: 'td1',
  text: 'Book flights',
  // Tomorrow: due in 2 days or less, so red.
  dueDate: december(14),
  priority: 'high',
  assignedTo: { id: 'u1', name: 'Ana Lima' },
});
const packSunscreen = makeTodo({
  id: 'td2',
  text: 'Pack sunscreen',
  dueDate: december(25),
  priority: 'low',
});
const renewPassport = makeTodo({
  id: 'td3',
  text: 'Renew passport',
  isCompleted: true,
  dueDate: december(14),
  priority: 'high',
  assignedTo: { id: 'u2', name: 'Ben Okafor' },
});

function renderWidget(todos: Todo[] | Route, { expanded = false } = {}) {
  const api = mockApi({
    [`GET ${TODOS_URL}`]: Array.isArray(todos) ? { body: todos } : todos,
    [`GET ${MEMBERS_URL}`]: { body: members },
  });
  renderPage(<TodoWidget trip={trip} expanded={expanded} />, { route: '/dashboard' });
  return { api, user: userEvent.setup() };
}

const checkbox = (name: string) => screen.findByRole('checkbox', { name });
const deleteButton = (text: string) =>
  screen.queryByRole('button', { name: `Delete task: ${text}` });

beforeEach(() => {
  freezeClock();
});

afterEach(() => {
  resetToasts();
});

describe('TodoWidget', () => {
  it('lists the tasks with priority, due date (red when due soon), assignee and the count', async () => {
    renderWidget([bookFlights, packSunscreen, renewPassport]);

    expect(((await checkbox('Book flights')) as HTMLInputElement).checked).toBe(false);
    expect(((await checkbox('Renew passport')) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('1 of 3 done')).toBeVisible();

    const items = within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('label')?.textContent)).toEqual([
      'Book flights',
      'Pack sunscreen',
      'Renew passport',
    ]);

    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Priority:').parentElement?.textContent).toBe('Priority: High');
    const soon = within(first).getByText('Dec 14').parentElement!;
    expect(soon.textContent).toContain('(due soon)');
    const assignee = within(first).getByRole('button', {
      name: 'Assignee for Book flights: Ana Lima',
    });
    expect(assignee.textContent).toBe('AL');

    const later = within(second).getByText('Dec 25').parentElement!;
    expect(later).not.toHaveTextContent('due soon');
    expect(
      within(second).getByRole('button', { name: 'Assignee for Pack sunscreen: Unassigned' }),
    ).toBeVisible();

    // Done: no longer urgent, struck through.
    expect(within(third).getByText('Dec 14').parentElement).not.toHaveTextContent('due soon');
    expect(within(third).getByRole('checkbox', { name: 'Renew passport' })).toBeChecked();
    expect(within(third).getByRole('button', { name: /Ben Okafor$/ }).textContent).toBe('BO');
  });

  it('shows the assignee’s name when expanded', async () => {
    renderWidget([bookFlights], { expanded: true });
    const assignee = await screen.findByRole('button', {
      name: 'Assignee for Book flights: Ana Lima',
    });
    expect(assignee.textContent).toBe('ALAna Lima');
  });

  it('says there are no tasks yet, above the form', async () => {
    renderWidget([]);
    expect(await screen.findByText('No tasks yet. Add your first task below!')).toBeVisible();
    expect(screen.queryByText(/ done$/)).toBeNull();
    expect(screen.getByRole('textbox', { name: 'New task' })).toBeVisible();
  });

  it('shows a spinner while the tasks load', async () => {
    const reply = deferred<Reply>();
    renderWidget(() => reply.promise);
    expect(screen.getByRole('status', { name: 'Loading tasks' })).toBeVisible();
    reply.resolve({ body: [packSunscreen] });
    expect(await checkbox('Pack sunscreen')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading tasks' })).toBeNull();
  });

  it('marks a task done (PATCH isCompleted true) at once, and only then offers to delete it', async () => {
    const reply = deferred<Reply>();
    const { api, user } = renderWidget([bookFlights]);
    api.on('PATCH /api/todos/td1', () => reply.promise);
    const box = await checkbox('Book flights');
    expect(deleteButton('Book flights')).toBeNull();

    await user.click(box);
    expect(api.callsTo('PATCH /api/todos/td1').map((call) => call.body)).toEqual([
      { isCompleted: true },
    ]);
    // Shown before the server answers.
    expect(((await checkbox('Book flights')) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('1 of 1 done')).toBeVisible();
    expect(deleteButton('Book flights')).toBeTruthy();

    reply.resolve({ body: { ...bookFlights, isCompleted: true } });
    await waitFor(() => expect(api.callsTo('PATCH /api/todos/td1')).toHaveLength(1));
    expect(deleteButton('Book flights')).toBeTruthy();
  });

  it('marks a done task not done again (PATCH isCompleted false) and hides its delete button', async () => {
    const { api, user } = renderWidget([renewPassport]);
    api.on('PATCH /api/todos/td3', { body: { ...renewPassport, isCompleted: false } });
    expect(
      await screen.findByRole('button', { name: 'Delete task: Renew passport' }),
    ).toBeVisible();

    await user.click(await checkbox('Renew passport'));
    expect(api.callsTo('PATCH /api/todos/td3').map((call) => call.body)).toEqual([
      { isCompleted: false },
    ]);
    expect(((await checkbox('Renew passport')) as HTMLInputElement).checked).toBe(false);
    expect(deleteButton('Renew passport')).toBeNull();
  });

  it('puts the checkbox back and says why when the change fails', async () => {
    const { api, user } = renderWidget([bookFlights]);
    api.on('PATCH /api/todos/td1', { status: 404, body: { message: 'No such task' } });

    await user.click(await checkbox('Book flights'));
    const shown = await findToast('Could not update the task', 'No such task');
    expect(shown).toHaveAttribute('data-variant', 'destructive');
    expect(((await checkbox('Book flights')) as HTMLInputElement).checked).toBe(false);
    expect(deleteButton('Book flights')).toBeNull();
    expect(screen.getByText('0 of 1 done')).toBeVisible();
  });

  it('deletes a done task (DELETE), removes it and returns focus to the new-task field', async () => {
    const { api, user } = renderWidget([packSunscreen, renewPassport]);
    api.on('DELETE /api/todos/td3', { body: { success: true } });

    await user.click(await screen.findByRole('button', { name: 'Delete task: Renew passport' }));
    await waitFor(() => expect(screen.queryByText('Renew passport')).toBeNull());
    expect(api.callsTo('DELETE /api/todos/td3')).toHaveLength(1);
    expect(screen.getByText('0 of 1 done')).toBeVisible();
    expect(screen.getByText('Pack sunscreen')).toBeVisible();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'New task' }));
  });

  it('keeps a task the server would not delete, and says why', async () => {
    const { api, user } = renderWidget([renewPassport]);
    api.on('DELETE /api/todos/td3', { status: 500, body: { message: 'Internal server error' } });

    await user.click(await screen.findByRole('button', { name: 'Delete task: Renew passport' }));
    await findToast('Could not delete the task', 'Internal server error');
    expect(screen.getByText('Renew passport')).toBeVisible();
  });

  it('assigns a task to another member, and to nobody (PATCH assignedTo)', async () => {
    const { api, user } = renderWidget([bookFlights]);
    api.on('PATCH /api/todos/td1', (call) => {
      const id = (call.body as { assignedTo: string | null }).assignedTo;
      const member = members.find((candidate) => candidate.id === id);
      return {
        body: { ...bookFlights, assignedTo: member ? { id: member.id, name: member.name } : null },
      };
    });

    await user.click(
      await screen.findByRole('button', { name: 'Assignee for Book flights: Ana Lima' }),
    );
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['Unassigned', 'Ana Lima (you)', 'Ben Okafor']);
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Ben Okafor' }));
    const ben = await screen.findByRole('button', {
      name: 'Assignee for Book flights: Ben Okafor',
    });
    expect(ben.textContent).toBe('BO');

    await user.click(ben);
    await user.click(await screen.findByRole('menuitemradio', { name: 'Unassigned' }));
    expect(
      await screen.findByRole('button', { name: 'Assignee for Book flights: Unassigned' }),
    ).toBeVisible();
    expect(api.callsTo('PATCH /api/todos/td1').map((call) => call.body)).toEqual([
      { assignedTo: 'u2' },
      { assignedTo: null },
    ]);
  });

  it('shows the server’s error when the tasks cannot load, and loads them on Retry', async () => {
    const { api, user } = renderWidget({ status: 404, body: { message: 'No such trip' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the tasks');
    expect(alert.textContent).toContain('No such trip');
    expect(screen.queryByRole('textbox', { name: 'New task' })).toBeNull();

    api.on(`GET ${TODOS_URL}`, { body: [packSunscreen] });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await checkbox('Pack sunscreen')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo(`GET ${TODOS_URL}`)).toHaveLength(2);
  });
});
