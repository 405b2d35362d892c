import type { RealtimeEnvelope } from '@oddspulse/shared';
import { MetricsService } from '@oddspulse/core';
import { RelayedMessage, RoomBroadcaster } from './room-broadcaster';
import type { GatewayServer } from './socket-types';

const envelope = (text: string) =>
  ({
    seq: 7,
    epoch: 'mabc123',
    channel: 'odds',
    key: 'basketball_nba',
    at: '2026-11-21T12:00:00.000Z',
    type: 'board.diff',
    data: { text },
  }) as unknown as RealtimeEnvelope;
/** As the relay hears it: the publisher's JSON text. */
const relayed = (data: unknown) => new RelayedMessage(JSON.stringify(data));

/** Reads a server frame back: FIN/opcode, the payload length it declares, and the socket.io event in it. */
function readFrame(frame: Buffer) {
  let length = frame[1] & 0x7f;
  let start = 2;
  if (length === 126) [length, start] = [frame.readUInt16BE(2), 4];
  else if (length === 127) [length, start] = [Number(frame.readBigUInt64BE(2)), 10];
  const text = frame.subarray(start).toString('utf8');
  // engine.io message ('4'), socket.io EVENT ('2') on the main namespace, no ack id: then the JSON array
  return {
    fin: frame[0] >> 7,
    opcode: frame[0] & 0x0f,
    masked: frame[1] >> 7,
    length,
    payloadBytes: frame.length - start,
    prefix: text.slice(0, 2),
    args: JSON.parse(text.slice(2)) as unknown,
  };
}

function fakeSocket({
  idle = true,
  writeBuffer = [] as unknown[],
  deflate = false,
  senderQueue = [] as unknown[] | null,
  wsState = 1,
} = {}) {
  const tcp = { writable: true, write: jest.fn() };
  const socket = {
    emit: jest.fn(),
    conn: {
      readyState: 'open',
      writeBuffer,
      transport: {
        name: 'websocket',
        writable: idle,
        perMessageDeflate: deflate ? {} : undefined,
        socket: { readyState: wsState, _socket: tcp, _sender: senderQueue ? { _queue: senderQueue } : {} },
      },
    },
  };
  return { socket, tcp };
}

function fakeServer(rooms: Record<string, string[]>, sockets: Record<string, ReturnType<typeof fakeSocket>['socket']>) {
  return {
    sockets: {
      adapter: { rooms: new Map(Object.entries(rooms).map(([room, ids]) => [room, new Set(ids)])) },
      sockets: new Map(Object.entries(sockets)),
    },
  } as unknown as GatewayServer;
}

describe('RelayedMessage frame (one encoding per room; from the published text)', () => {
  it.each([
    ['a short payload (7-bit length)', { n: 1 }, 2],
    ['a payload over 125 bytes (16-bit length)', envelope('é'.repeat(2_000)), 4],
    ['a payload over 64 KiB (64-bit length)', envelope('é'.repeat(70_000)), 10],
  ])('frames %s as one unmasked text frame socket.io decodes to the event', (_name, data, headerBytes) => {
    const encoded = relayed(data).frame;
    const frame = readFrame(encoded);
    expect(frame).toMatchObject({ fin: 1, opcode: 1, masked: 0, prefix: '42' });
    expect(encoded.length - frame.payloadBytes).toBe(headerBytes);
    expect(frame.length).toBe(frame.payloadBytes);
    expect(frame.args).toEqual(['message', data]);
  });

  it('reads the seq from the text, and refuses text the publisher did not write', () => {
    const message = RelayedMessage.read(JSON.stringify(envelope('x')));
    expect(message?.seq).toBe(7);
    expect(message?.envelope).toEqual(envelope('x'));
    expect(RelayedMessage.read('{"channel":"odds","seq":7}')).toBeNull();
    expect(RelayedMessage.read('{"seq":"x",')).toBeNull();
    expect(RelayedMessage.read('not json')).toBeNull();
  });
});

describe('RoomBroadcaster', () => {
  const broadcaster = (metrics = new MetricsService()) => new RoomBroadcaster(metrics);

  it("writes the room's frame once encoded to every idle socket's connection", () => {
    const [a, b, elsewhere] = [fakeSocket(), fakeSocket(), fakeSocket()];
    const server = fakeServer(
      { 'odds:basketball_nba': ['a', 'b'], 'odds:icehockey_nhl': ['c'] },
      { a: a.socket, b: b.socket, c: elsewhere.socket },
    );
    const message = envelope('price');
    const heard = relayed(message);
    const parse = jest.spyOn(JSON, 'parse');
    broadcaster().emit(server, 'odds:basketball_nba', heard);
    // relayed as published: neither parsed nor serialised again on the way
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(a.tcp.write).toHaveBeenCalledTimes(1);
    const written = a.tcp.write.mock.calls[0][0] as Buffer;
    expect(b.tcp.write.mock.calls[0][0]).toBe(written);
    expect(readFrame(written).args).toEqual(['message', message]);
    expect(elsewhere.tcp.write).not.toHaveBeenCalled();
    expect(a.socket.emit).not.toHaveBeenCalled();
  });

  // Writing past a queue would reorder: what engine.io or ws still holds must go out first.
  it.each([
    ['engine.io is still sending', { idle: false }],
    ['engine.io holds packets', { writeBuffer: [{ type: 'message' }] }],
    ['the connection compresses', { deflate: true }],
    ['ws holds frames', { senderQueue: [['frame']] }],
    ['the websocket is closing', { wsState: 2 }],
  ])('goes through engine.io when %s', (_name, state) => {
    const busy = fakeSocket(state);
    const message = envelope('price');
    broadcaster().emit(fakeServer({ room: ['x'] }, { x: busy.socket }), 'room', relayed(message));
    expect(busy.tcp.write).not.toHaveBeenCalled();
    expect(busy.socket.emit).toHaveBeenCalledWith('message', message);
  });

  it('goes through engine.io, and says so once, when engine.io or ws no longer keep what it relies on', () => {
    const subject = broadcaster();
    const warn = jest.spyOn(subject['logger'], 'warn').mockImplementation(() => undefined);
    const changed = fakeSocket({ senderQueue: null });
    const server = fakeServer({ room: ['x'] }, { x: changed.socket });
    subject.emit(server, 'room', relayed(envelope('a')));
    subject.emit(server, 'room', relayed(envelope('b')));
    expect(changed.tcp.write).not.toHaveBeenCalled();
    expect(changed.socket.emit).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  // Oddspulse_socket_deliveries_total counts each message once per socket it reached, by channel.
  it('counts one delivery per socket the message reached, by the channel its room names', async () => {
    const metrics = new MetricsService();
    const [a, b, busy] = [fakeSocket(), fakeSocket(), fakeSocket({ idle: false })];
    const server = fakeServer(
      { 'odds:basketball_nba': ['a', 'b', 'gone', 'c'] },
      { a: a.socket, b: b.socket, c: busy.socket },
    );
    broadcaster(metrics).emit(server, 'odds:basketball_nba', relayed(envelope('price')));
    broadcaster(metrics).emit(server, 'scores:nobody-listens', relayed(envelope('price')));
    const { values } = await metrics.socketDeliveries.get();
    expect(values).toEqual([{ value: 3, labels: { channel: 'odds' } }]);
  });
});
