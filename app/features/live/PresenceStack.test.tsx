import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PresenceMember } from '../../../shared/contracts/live';
import { PresenceStack } from './PresenceStack';

const person = (userId: string, name: string, colour = '#2563eb'): PresenceMember => ({
  userId,
  name,
  image: null,
  colour,
});

describe('PresenceStack', () => {
  it('shows the others in their colours, not me, and names everyone', () => {
    render(
      <PresenceStack
        myUserId="me"
        members={[
          person('b', 'Bruno Costa', '#16a34a'),
          person('me', 'Ana Lima'),
          person('c', 'Carla'),
        ]}
      />,
    );
    expect(
      screen.getByRole('group', { name: 'Here now: Bruno Costa and Carla, and you' }),
    ).toBeVisible();
    const faces = screen.getAllByTestId('presence-member');
    expect(faces.map((face) => face.getAttribute('title'))).toEqual(['Bruno Costa', 'Carla']);
    const avatar = faces[0]!.querySelector<HTMLElement>('[data-slot="avatar"]');
    expect(avatar?.textContent).toBe('BC');
    expect(avatar?.style.borderColor).toBe('#16a34a');
  });

  it('shows no faces when I am alone, and says so to screen readers', () => {
    render(<PresenceStack myUserId="me" members={[person('me', 'Ana Lima')]} />);
    expect(screen.queryAllByTestId('presence-member')).toEqual([]);
    expect(screen.getByRole('group', { name: 'Only you have this trip open' })).toBeVisible();
  });

  it('gathers faces beyond four into a count (beyond one on phones)', () => {
    const crowd = ['me', 'a', 'b', 'c', 'd', 'e', 'f'].map((id) => person(id, `Person ${id}`));
    render(<PresenceStack myUserId="me" members={crowd} />);
    expect(screen.getAllByTestId('presence-member')).toHaveLength(6);
    expect(screen.getByText('+2')).toBeVisible();
    expect(screen.getByText('+5')).toBeVisible();
  });
});
