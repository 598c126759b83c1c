import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallJoinAck } from '../../../shared/contracts/calls';
import type { LiveSocket } from '../realtime/useLiveSocket';
import { MeshCall } from './meshCall';

/** A live socket that answers call:join with `answer` and records what is emitted. */
function fakeSocket(answer: CallJoinAck) {
  const emitted: { event: string; args: unknown[] }[] = [];
  const socket = {
    connected: true,
    on: vi.fn(),
    off: vi.fn(),
    emit: (event: string, ...args: unknown[]) => {
      emitted.push({ event, args });
    },
    timeout: () => ({
      emitWithAck: async (event: string, ...args: unknown[]) => {
        emitted.push({ event, args });
        return answer;
      },
    }),
  };
  return { socket: socket as unknown as LiveSocket, emitted };
}

const joined: CallJoinAck = {
  ok: true,
  peerId: 'peer-me-0123456789abcdef',
  state: { tripId: 't1', participants: [], call: null, at: 1 },
  iceServers: [],
  iceTransportPolicy: 'all',
};

function microphone(result: 'granted' | 'NotAllowedError' | 'NotFoundError') {
  const track = { enabled: true, stop: vi.fn(), getSettings: () => ({ deviceId: 'mic-1' }) };
  const getUserMedia = vi.fn(async () => {
    if (result !== 'granted') throw new DOMException('no', result);
    return { getAudioTracks: () => [track], getTracks: () => [track] };
  });
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
  return { track, getUserMedia };
}

describe('MeshCall', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('joins with the microphone on, muted as asked, and gives it back on leaving', async () => {
    vi.useFakeTimers();
    const { track } = microphone('granted');
    const { socket, emitted } = fakeSocket(joined);
    const call = new MeshCall(socket, 't1');
    expect(await call.join(true)).toEqual(joined);
    expect(emitted).toContainEqual({ event: 'call:join', args: [{ muted: true }] });
    expect(track.enabled).toBe(false);
    expect(call.getSnapshot()).toMatchObject({ mic: 'on', muted: true, microphoneId: 'mic-1' });
    call.setMuted(false);
    expect(track.enabled).toBe(true);
    expect(emitted).toContainEqual({ event: 'call:mute', args: [{ muted: false }] });
    call.leave();
    expect(emitted.at(-1)).toEqual({ event: 'call:leave', args: [] });
    expect(track.stop).toHaveBeenCalled();
  });

  it.each([
    ['NotAllowedError', 'denied'],
    ['NotFoundError', 'missing'],
  ] as const)('joins to listen when the microphone fails with %s', async (error, mic) => {
    vi.useFakeTimers();
    microphone(error);
    const { socket, emitted } = fakeSocket(joined);
    const call = new MeshCall(socket, 't1');
    expect((await call.join(false)).ok).toBe(true);
    expect(emitted.map((e) => e.event)).toContain('call:join');
    expect(call.getSnapshot().mic).toBe(mic);
    call.leave();
  });

  it('lets the microphone go when the room refuses the join', async () => {
    const { track } = microphone('granted');
    const full: CallJoinAck = { ok: false, reason: 'full', message: 'full' };
    const call = new MeshCall(fakeSocket(full).socket, 't1');
    expect(await call.join(false)).toEqual(full);
    expect(track.stop).toHaveBeenCalled();
  });

  it('connects to a newcomer whose offer arrives before the room’s state names them', async () => {
    vi.useFakeTimers();
    microphone('granted');
    const made: string[] = [];
    vi.stubGlobal(
      'RTCPeerConnection',
      class {
        constructor() {
          made.push('pc');
        }
        signalingState = 'stable';
        addTrack() {}
        addTransceiver() {}
        getTransceivers() {
          return [];
        }
        getSenders() {
          return [];
        }
        setRemoteDescription = vi.fn(async () => {});
        setLocalDescription = vi.fn(async () => {});
        close() {}
      },
    );
    vi.stubGlobal('Audio', class {});
    const { socket } = fakeSocket(joined);
    const call = new MeshCall(socket, 't1');
    await call.join(false);
    const onSignal = vi
      .mocked(socket.on)
      .mock.calls.find(([event]) => event === 'call:signal')?.[1] as (message: unknown) => void;
    onSignal({
      tripId: 't1',
      from: 'peer-newcomer-0123456789',
      description: { type: 'offer', sdp: 'v=0' },
    });
    expect(made).toHaveLength(1);
    expect(Object.keys(call.getSnapshot().peers)).toEqual(['peer-newcomer-0123456789']);
    // Another trip's message is not this call's.
    onSignal({ tripId: 't2', from: 'peer-other-0123456789abc', candidate: null });
    expect(made).toHaveLength(1);
    call.leave();
  });
});
