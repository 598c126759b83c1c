import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';
import { CURSOR_MESSAGE_PREFIX } from '../../../shared/contracts/live';

/**
 * What a connection's budget (socketGuard.ts) says of a message before it is decoded: `event`
 * is the event's name when the message is an event, null otherwise; an answer other than null
 * refuses it.
 */
export type FrameGate<R> = (event: string | null, bytes: number) => R | null;

/** Events refused before decoding, as their handlers' middleware sees them: why. */
const refusedEvents = new WeakMap<unknown[], unknown>();
/** Events' payloads (their first argument, an object), and the size of the message each came in. */
const payloadBytes = new WeakMap<object, number>();

/**
 * The size in bytes of the message an event's payload came in, as it came: what it costs the
 * server is counted without encoding it again (a 100 KB whiteboard update takes a millisecond).
 */
export function messageBytesOf(payload: unknown): number | undefined {
  return typeof payload === 'object' && payload !== null ? payloadBytes.get(payload) : undefined;
}

/** Why the connection's gate refused this event (its arguments as the middleware gets them). */
export function refusalOf<R>(args: unknown[]): R | undefined {
  return refusedEvents.get(args) as R | undefined;
}

// Longer names are none of the protocol's (shared/contracts/live.ts): read as no event.
const MAX_EVENT_NAME = 64;

/**
 * A Socket.IO packet's header, read off its text without decoding the payload: the type, the
 * namespace, the acknowledgement's id and, for an event, its name (`2/nsp,12["name",…`).
 */
export function packetHeader(text: string) {
  const type = text.charCodeAt(0) - 48;
  let at = 1;
  let nsp = '/';
  if (text.charCodeAt(at) === 47 /* / */) {
    const comma = text.indexOf(',', at);
    if (comma < 0) return null;
    nsp = text.slice(at, comma);
    at = comma + 1;
  }
  const idStart = at;
  while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++;
  const id = at > idStart ? Number(text.slice(idStart, at)) : undefined;
  let event: string | null = null;
  if (type === PacketType.EVENT && text.startsWith('["', at)) {
    const end = text.indexOf('"', at + 2);
    const name = end > 0 && end - at - 2 <= MAX_EVENT_NAME ? text.slice(at + 2, end) : '';
    if (name && !name.includes('\\')) event = name;
  }
  return { type, nsp, id, event };
}

/**
 * Socket.IO's own parser with three changes for the live protocol (architecture §6):
 * - Cursor messages (`p…`, shared/contracts/live.ts) share the connection with Socket.IO's
 *   packets but are not Socket.IO's: the decoder leaves them to the cursors piece, which reads
 *   them off the connection itself, instead of refusing them as malformed packets.
 * - A connection's budget is asked before each message is decoded (`gate`): decoding a 100 KB
 *   whiteboard update costs a millisecond, so a flood refused after decoding would still take
 *   the server's time. A refused event is handed on as its name alone (and its acknowledgement,
 *   so its sender is answered), marked refused (`refusalOf`); anything else refused is dropped.
 * - The protocol is JSON only (binary payloads are refused on the way in by the socket guard),
 *   so the encoder skips the search for binary attachments that the default one makes through
 *   every payload it sends: on a busy server that walk ran for every cursor batch.
 */
export class LiveDecoder extends Decoder {
  gate: FrameGate<unknown> | null = null;
  private messageBytes = 0;

  constructor() {
    super();
    // Before Socket.IO's own listener (it comes after the decoder is made): a packet is decoded
    // and handed on within add(), so the message it came in is the one add() was given.
    this.on('decoded', (packet: Packet) => {
      const payload: unknown = Array.isArray(packet.data) ? packet.data[1] : undefined;
      if (typeof payload === 'object' && payload !== null)
        payloadBytes.set(payload, this.messageBytes);
    });
  }

  override add(data: unknown) {
    if (typeof data === 'string') {
      if (data.startsWith(CURSOR_MESSAGE_PREFIX)) return;
      this.messageBytes = Buffer.byteLength(data);
      if (this.gate) {
        const header = packetHeader(data);
        const refusal = this.gate(header?.event ?? null, this.messageBytes);
        if (refusal !== null) {
          if (!header?.event) return;
          const args: unknown[] = [header.event];
          refusedEvents.set(args, refusal);
          const packet: Packet = { type: PacketType.EVENT, nsp: header.nsp, data: args };
          if (header.id !== undefined) packet.id = header.id;
          this.emitReserved('decoded', packet);
          return;
        }
      }
    }
    super.add(data);
  }
}

/**
 * The decoder of a Socket.IO connection (`socket.client`) of a server using `liveParser`. Socket.IO
 * keeps it private: a version that moves it fails here, loudly, rather than leaving the
 * connection's budget unasked.
 */
export function liveDecoderOf(client: unknown): LiveDecoder {
  const decoder = (client as { decoder?: unknown } | undefined)?.decoder;
  if (!(decoder instanceof LiveDecoder)) {
    throw new Error('The live connection has no LiveDecoder (liveParser) to budget its messages.');
  }
  return decoder;
}

class JsonEncoder extends Encoder {
  override encode(packet: Packet): string[] {
    // As socket.io-parser writes a packet without attachments.
    let text = String(packet.type);
    if (packet.nsp && packet.nsp !== '/') text += `${packet.nsp},`;
    if (packet.id != null) text += packet.id;
    if (packet.data != null) text += JSON.stringify(packet.data);
    return [text];
  }
}

export const liveParser = { Encoder: JsonEncoder, Decoder: LiveDecoder, PacketType };
