import { Decoder, Encoder, type Packet, PacketType } from 'socket.io-parser';
import { CURSOR_MESSAGE_PREFIX } from '../../../shared/contracts/realtime';

/**
 * Socket.IO's own parser with two changes for the live protocol (architecture §6):
 * - Cursor messages (`p…`, shared/contracts/realtime.ts) share the connection with Socket.IO's
 *   packets but are not Socket.IO's: the decoder leaves them to the cursors piece, which reads
 *   them off the connection itself, instead of refusing them as malformed packets.
 * - The protocol is JSON only (binary payloads are refused on the way in by the socket guard),
 *   so the encoder skips the search for binary attachments that the default one makes through
 *   every payload it sends: on a busy server that walk ran for every cursor batch.
 */
class LiveDecoder extends Decoder {
  override add(data: unknown) {
    if (typeof data === 'string' && data.startsWith(CURSOR_MESSAGE_PREFIX)) return;
    super.add(data);
  }
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
