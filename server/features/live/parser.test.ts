import type { Packet } from 'socket.io-parser';
import { describe, expect, it } from 'vitest';
import { LiveDecoder, liveDecoderOf, messageBytesOf, packetHeader, refusalOf } from './parser';

/** What the decoder hands Socket.IO, message by message. */
function decoded(decoder: LiveDecoder) {
  const packets: Packet[] = [];
  decoder.on('decoded', (packet: Packet) => packets.push(packet));
  return packets;
}

describe('packetHeader', () => {
  it("reads an event's name and acknowledgement id off its text", () => {
    expect(packetHeader('212["whiteboard:update",{"widgetId":"w"}]')).toEqual({
      type: 2,
      nsp: '/',
      id: 12,
      event: 'whiteboard:update',
    });
    expect(packetHeader('2["widget:drag",{}]')).toMatchObject({
      id: undefined,
      event: 'widget:drag',
    });
    expect(packetHeader('2/admin,7["x"]')).toMatchObject({ nsp: '/admin', id: 7, event: 'x' });
  });

  it('names no event for what is not one, or not plainly one', () => {
    expect(packetHeader('312[{"ok":true}]')?.event).toBeNull();
    expect(packetHeader('40{"v":1}')?.event).toBeNull();
    expect(packetHeader('2[1,2]')?.event).toBeNull();
    expect(packetHeader('2["a\\"b",1]')?.event).toBeNull();
    expect(packetHeader(`2["${'x'.repeat(100)}"]`)?.event).toBeNull();
  });
});

describe('LiveDecoder', () => {
  it('asks its gate before decoding, with the size in bytes, and decodes what it lets through', () => {
    const decoder = new LiveDecoder();
    const packets = decoded(decoder);
    const asked: [string | null, number][] = [];
    decoder.gate = (event, bytes) => {
      asked.push([event, bytes]);
      return null;
    };
    const text = '21["whiteboard:update",{"widgetId":"é"}]';
    decoder.add(text);
    expect(asked).toEqual([['whiteboard:update', Buffer.byteLength(text)]]);
    expect(packets[0]).toMatchObject({ id: 1, data: ['whiteboard:update', { widgetId: 'é' }] });
    // The size of the message its payload came in, for what is done with it later.
    expect(messageBytesOf(packets[0]!.data[1])).toBe(Buffer.byteLength(text));
  });

  it('hands on a refused event as its name and acknowledgement alone, marked refused', () => {
    const decoder = new LiveDecoder();
    const packets = decoded(decoder);
    decoder.gate = () => 'account';
    // Not even valid JSON past its name: never parsed.
    decoder.add('27["whiteboard:update",{"points":[[1,2],');
    expect(packets).toHaveLength(1);
    expect(packets[0]).toMatchObject({ type: 2, nsp: '/', id: 7, data: ['whiteboard:update'] });
    expect(refusalOf(packets[0]!.data)).toBe('account');
    // An acknowledgement or anything else refused is dropped.
    decoder.add('37[{"ok":true}]');
    expect(packets).toHaveLength(1);
  });

  it('leaves cursor messages to the cursors piece, unasked', () => {
    const decoder = new LiveDecoder();
    const packets = decoded(decoder);
    let asked = 0;
    decoder.gate = () => {
      asked += 1;
      return null;
    };
    decoder.add('p1,2');
    expect([packets.length, asked]).toEqual([0, 0]);
  });

  it('is found on a connection only when the server uses it', () => {
    const decoder = new LiveDecoder();
    expect(liveDecoderOf({ decoder })).toBe(decoder);
    expect(() => liveDecoderOf({ decoder: {} })).toThrow(/LiveDecoder/);
  });
});
