import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallParticipant, CallState } from '../../../shared/contracts/calls';
import { CallControls } from './CallControls';
import type { MediaSnapshot } from './meshCall';
import type { CallRoom } from './useCallRoom';

const person = (userId: string, name: string, muted = false): CallParticipant => ({
  peerId: `peer-${userId}-0123456789abcdef`,
  userId,
  name,
  image: null,
  colour: '#2563eb',
  muted,
  camera: false,
  screen: false,
});

function roomOf(
  participants: CallParticipant[],
  options: { phase?: CallRoom['phase']; media?: Partial<MediaSnapshot>; call?: boolean } = {},
): CallRoom {
  const state: CallState = {
    tripId: 't1',
    participants,
    call: options.call
      ? {
          startedAt: new Date().toISOString(),
          endsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
          plan: 'free',
          limitMinutes: 10,
        }
      : null,
    at: 1,
  };
  const media: MediaSnapshot = {
    muted: false,
    mic: 'on',
    speaking: false,
    camera: 'off',
    screen: 'off',
    facing: null,
    peers: {},
    microphoneId: null,
    speakerId: null,
    ...options.media,
  };
  return {
    state,
    phase: options.phase ?? 'idle',
    media: options.phase === 'joined' ? media : null,
    join: vi.fn(),
    leave: vi.fn(),
    toggleMute: vi.fn(),
    setMicrophone: vi.fn(),
    setSpeaker: vi.fn(),
    setVolume: vi.fn(),
    toggleCamera: vi.fn(),
    toggleScreen: vi.fn(),
    switchCamera: vi.fn(),
    call: null,
  };
}

/** A window as wide as `width` for the bar's media query. */
function windowOf(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query === '(min-width: 640px)' && width >= 640,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('CallControls', () => {
  beforeEach(() => windowOf(1440));
  afterEach(() => vi.restoreAllMocks());

  it('offers Join audio room, and shows who is in the room to those outside it', () => {
    const room = roomOf([person('b', 'Bruno'), person('c', 'Carla', true)], { call: true });
    render(<CallControls room={room} myUserId="me" />);
    expect(screen.getByRole('group', { name: 'In the audio room: Bruno and Carla' })).toBeVisible();
    const faces = screen.getAllByTestId('call-participant');
    expect(faces.map((face) => face.getAttribute('title'))).toEqual(['Bruno', 'Carla, muted']);
    fireEvent.click(screen.getByRole('button', { name: 'Join audio room' }));
    expect(room.join).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
  });

  it('in the call: Mute, the M key (not while typing), Leave audio room, each person’s state', () => {
    const me = person('me', 'Ana');
    const bruno = person('b', 'Bruno');
    const room = roomOf([me, bruno], {
      phase: 'joined',
      call: true,
      media: {
        speaking: true,
        peers: {
          [bruno.peerId]: {
            state: 'reconnecting',
            speaking: false,
            volume: 1,
            receiving: { camera: false, screen: false },
          },
        },
      },
    });
    render(
      <>
        <input aria-label="A to-do" />
        <CallControls room={room} myUserId="me" />
      </>,
    );
    expect(screen.getByRole('group', { name: 'In the call with Bruno' })).toBeVisible();
    const [mine, his] = screen.getAllByTestId('call-participant');
    expect(mine!.getAttribute('title')).toBe('Ana (you), connected, speaking');
    expect(mine!.dataset.speaking).toBe('true');
    expect(his!.getAttribute('title')).toBe('Bruno, reconnecting');

    fireEvent.click(screen.getByRole('button', { name: 'Mute' }));
    fireEvent.keyDown(window, { key: 'm' });
    expect(room.toggleMute).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'A to-do' }), { key: 'm' });
    fireEvent.keyDown(window, { key: 'm', ctrlKey: true });
    expect(room.toggleMute).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Leave audio room' }));
    expect(room.leave).toHaveBeenCalledOnce();
  });

  it('shows Unmute while muted, and no mute at all without a microphone', () => {
    const me = person('me', 'Ana', true);
    const { rerender } = render(
      <CallControls
        room={roomOf([me], { phase: 'joined', media: { muted: true } })}
        myUserId="me"
      />,
    );
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeVisible();
    expect(
      screen.getByRole('group', { name: 'You are in the audio room, waiting for others' }),
    ).toBeVisible();
    rerender(
      <CallControls
        room={roomOf([me], { phase: 'joined', media: { mic: 'denied' } })}
        myUserId="me"
      />,
    );
    const mute = screen.getByRole('button', { name: 'Mute' }) as HTMLButtonElement;
    expect(mute.disabled).toBe(true);
    expect(mute.title).toMatch(/blocked the microphone/);
  });

  it('on a phone: Mute beside one button for the call’s panel, which holds Leave audio room', () => {
    windowOf(375);
    const me = person('me', 'Ana');
    const room = roomOf([me, person('b', 'Bruno', true)], { phase: 'joined', call: true });
    render(<CallControls room={room} myUserId="me" />);
    expect(screen.getByRole('button', { name: 'Mute' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Leave audio room' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Audio room: In the call with Bruno' }));
    const people = screen.getByRole('list', { name: 'In the call' });
    expect(people.textContent).toContain('Bruno, connecting, muted');
    fireEvent.click(screen.getByRole('button', { name: 'Leave audio room' }));
    expect(room.leave).toHaveBeenCalledOnce();
  });

  it('on a phone, outside the call: one Join button with the number of people in the room', () => {
    windowOf(375);
    render(<CallControls room={roomOf([person('b', 'Bruno')])} myUserId="me" />);
    const joinButton = screen.getByRole('button', { name: 'Join audio room' });
    expect(joinButton.parentElement?.textContent).toContain('1');
    expect(screen.getByText('In the audio room: Bruno')).toBeVisible();
  });
});
