import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iceServersFor, turnCredential } from './iceServers';

const SECRET = 'a-long-shared-turn-secret';
const stun = { urls: 'stun:stun.example.com:3478' };

describe('ICE servers for a call', () => {
  it('are the configured ones when no TURN secret is set', () => {
    const calls = {
      iceServers: [stun],
      turn: undefined,
      iceTransportPolicy: 'all' as const,
      minuteMs: 60_000,
    };
    expect(iceServersFor(calls, 'user-1', 600)).toEqual([stun]);
  });

  it('add TURN credentials in coturn’s use-auth-secret scheme, expiring with the call', () => {
    const calls = {
      iceServers: [stun],
      turn: { urls: ['turn:127.0.0.1:3478?transport=udp'], secret: SECRET },
      iceTransportPolicy: 'all' as const,
      minuteMs: 60_000,
    };
    const now = new Date('2026-11-25T10:00:00Z');
    const [, turn] = iceServersFor(calls, 'user-1', 600, now);
    const expiry = now.getTime() / 1000 + 600;
    expect(turn).toEqual({
      urls: ['turn:127.0.0.1:3478?transport=udp'],
      username: `${expiry}:user-1`,
      credential: createHmac('sha1', SECRET).update(`${expiry}:user-1`).digest('base64'),
    });
    // The secret itself is never handed out.
    expect(JSON.stringify(turn)).not.toContain(SECRET);
  });

  it('mint a different password for another person or another expiry', () => {
    const at = new Date('2026-11-25T10:00:00Z');
    const a = turnCredential(SECRET, 'user-1', at);
    expect(turnCredential(SECRET, 'user-2', at).credential).not.toBe(a.credential);
    expect(turnCredential(SECRET, 'user-1', new Date(at.getTime() + 1000)).credential).not.toBe(
      a.credential,
    );
    expect(turnCredential('another-secret-entirely', 'user-1', at).credential).not.toBe(
      a.credential,
    );
  });
});
