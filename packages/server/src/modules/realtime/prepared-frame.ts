/**
 * One event, many receivers: the websocket frame is built once and the same bytes are written to
 * every socket (what ws's `send` would otherwise redo per socket: an options object, a header
 * buffer, a corked two-part write). Server frames are never masked (RFC 6455 §5.1), so the bytes
 * are identical for every receiver.
 */
export interface PreparedMessage {
  /** The JSON text, for a socket that must go through `ws.send` (an extension was negotiated). */
  readonly payload: Buffer;
  /** FIN + text opcode + length + payload, ready for the TCP stream. */
  readonly frame: Buffer;
}

const FIN_TEXT = 0x81;

/** The header as RFC 6455 §5.2 lays it out: 7-bit length, or 126 + 16-bit, or 127 + 64-bit. */
function textFrameHeader(length: number): Buffer {
  if (length < 126) return Buffer.from([FIN_TEXT, length]);
  if (length < 65536) {
    const header = Buffer.alloc(4);
    header[0] = FIN_TEXT;
    header[1] = 126;
    header.writeUInt16BE(length, 2);
    return header;
  }
  const header = Buffer.alloc(10);
  header[0] = FIN_TEXT;
  header[1] = 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return header;
}

export function prepareText(text: string): PreparedMessage {
  const payload = Buffer.from(text);
  return { payload, frame: Buffer.concat([textFrameHeader(payload.length), payload]) };
}

/** The TCP stream of a websocket, written to as ws's own Sender writes a frame. */
export interface FrameSink {
  write(frame: Buffer): unknown;
}

/** What of a `ws` socket tells whether its stream may take a prepared frame. */
export interface FrameSinkSource {
  /** ws: the negotiated extensions, '' when none. */
  readonly extensions?: string;
  /** ws keeps the stream here (not public API, hence the fallback to `send`). */
  readonly _socket?: FrameSink | null;
}

/**
 * The stream a prepared frame may go to, or null when ws must frame it itself: with an extension
 * (permessage-deflate, which the server refuses anyway) every socket compresses its own frames.
 * ws with no extension writes synchronously and queues nothing, so frames stay in order.
 */
export function frameSinkOf(socket: FrameSinkSource): FrameSink | null {
  return socket.extensions === '' && socket._socket ? socket._socket : null;
}
