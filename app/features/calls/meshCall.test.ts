import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallJoinAck } from '../../../shared/contracts/calls';
import type { LiveSocket } from '../live/useLiveSocket';
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

  it('starts and stops the camera, telling the room; a refused camera leaves the call as it was', async () => {
    vi.useFakeTimers();
    const stop = vi.fn();
    const camera = {
      kind: 'video',
      enabled: true,
      contentHint: '',
      stop,
      addEventListener: vi.fn(),
      getSettings: () => ({ height: 720, facingMode: 'user' }),
    };
    let refuse: string | null = null;
    const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
      if (constraints.video) {
        if (refuse) throw new DOMException('no', refuse);
        return { getVideoTracks: () => [camera], getTracks: () => [camera] };
      }
      const mic = { enabled: true, stop: vi.fn(), getSettings: () => ({ deviceId: 'mic-1' }) };
      return { getAudioTracks: () => [mic], getTracks: () => [mic] };
    });
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const { socket, emitted } = fakeSocket(joined);
    const call = new MeshCall(socket, 't1');
    await call.join(false);

    expect(await call.setCamera(true)).toBeNull();
    expect(call.getSnapshot()).toMatchObject({ camera: 'on', facing: 'user' });
    expect(camera.contentHint).toBe('motion');
    expect(call.localStream('camera')?.getVideoTracks()[0]).toBe(camera);
    expect(emitted).toContainEqual({
      event: 'call:video',
      args: [{ camera: true, screen: false }],
    });

    expect(await call.setCamera(false)).toBeNull();
    expect(stop).toHaveBeenCalled();
    expect(call.getSnapshot().camera).toBe('off');
    expect(emitted.at(-1)).toEqual({
      event: 'call:video',
      args: [{ camera: false, screen: false }],
    });

    refuse = 'NotAllowedError';
    expect(await call.setCamera(true)).toBe('denied');
    expect(call.getSnapshot()).toMatchObject({ camera: 'off', mic: 'on' });
    refuse = 'NotFoundError';
    expect(await call.setCamera(true)).toBe('missing');
    call.leave();
  });

  it('tells a person which of their videos it shows only when that changes', async () => {
    vi.useFakeTimers();
    microphone('granted');
    vi.stubGlobal(
      'RTCPeerConnection',
      class {
        signalingState = 'stable';
        addTransceiver() {}
        getTransceivers() {
          return [];
        }
        close() {}
      },
    );
    vi.stubGlobal('Audio', class {});
    const { socket, emitted } = fakeSocket(joined);
    const call = new MeshCall(socket, 't1');
    await call.join(false);
    const other = { ...joined, peerId: 'peer-other-0123456789abc' } as const;
    call.update([
      {
        peerId: other.peerId,
        userId: 'u2',
        name: 'Bruno',
        image: null,
        colour: '#000',
        muted: false,
        camera: true,
        screen: false,
      },
    ]);
    await vi.waitFor(() => expect(Object.keys(call.getSnapshot().peers)).toHaveLength(1));
    const viewingSignals = () =>
      emitted.filter((e) => e.event === 'call:signal' && 'viewing' in (e.args[0] as object));
    // Both shown: what a new connection assumes, so nothing to say.
    call.setViewing(other.peerId, { camera: true, screen: true });
    expect(viewingSignals()).toHaveLength(0);
    call.setViewing(other.peerId, { camera: false, screen: false });
    call.setViewing(other.peerId, { camera: false, screen: false });
    expect(viewingSignals()).toEqual([
      {
        event: 'call:signal',
        args: [{ to: other.peerId, viewing: { camera: false, screen: false } }],
      },
    ]);
    // Someone not in the call: nothing is sent.
    call.setViewing('peer-stranger-0123456789', { camera: false, screen: false });
    expect(viewingSignals()).toHaveLength(1);
    call.leave();
  });
});
