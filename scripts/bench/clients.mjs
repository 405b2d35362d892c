// One client process of `npm run bench:push`: opens sockets to a URL, subscribes each to one sport's odds room,
// and records publish → receipt latency of every message while the parent says "measure".
//
// The load generator shares the server's two cores, so it is kept as light as a socket.io client can be: each
// socket speaks the socket.io protocol (engine.io v4 over a websocket) by hand on a plain TCP connection read
// with `onread` into one shared buffer (no stream machinery, no websocket library, no JSON.parse per delivery:
// the send time is read from the frame's bytes). socket.io-client decoding every delivery took more CPU than the
// server it measured. Each socket's first delivery is also decoded in full and checked against its subscription.
import { randomBytes } from 'node:crypto';
import { connect as tcpConnect } from 'node:net';

const sockets = [];
let measuring = false;
let latencies = new Float64Array(1 << 20);
let count = 0;
let checked = 0;
const mismatches = [];
const now = () => performance.timeOrigin + performance.now();

const SENT_AT = Buffer.from('"bench_sent_at":');
const EVENT = Buffer.from('42["message"');
const HEADERS_END = Buffer.from('\r\n\r\n');
// Every socket of the process reads into this buffer: `onread` calls back synchronously, so it is free again after.
const readBuffer = Buffer.allocUnsafe(1 << 16);

/** The publish time a delivery carries, read without decoding the JSON. */
function sentAt(payload) {
  const at = payload.indexOf(SENT_AT);
  if (at < 0) return NaN;
  const start = at + SENT_AT.length;
  let end = start;
  while (end < payload.length && payload[end] !== 0x2c && payload[end] !== 0x7d) end++;
  return Number(payload.toString('latin1', start, end));
}

function record(payload) {
  if (!measuring) return;
  const at = sentAt(payload);
  if (!Number.isFinite(at)) return;
  if (count === latencies.length) {
    const bigger = new Float64Array(latencies.length * 2);
    bigger.set(latencies);
    latencies = bigger;
  }
  latencies[count++] = now() - at;
}

/**
 * The first delivery of a socket, decoded in full: the fast path must read the send time socket.io-client would,
 * and the socket must hear its own sport only. Returns what is wrong, if anything.
 */
function checkDelivery(payload, sport) {
  const text = payload.toString('utf8');
  const [, envelope] = JSON.parse(text.slice(2));
  if (envelope.key === sport && envelope.data?.bench_sent_at === sentAt(payload)) return null;
  return `subscribed to ${sport}, received ${text.slice(0, 160)}`;
}

/** A client → server text frame: clients must mask what they send (RFC 6455 §5.3). */
function textFrame(text) {
  const payload = Buffer.from(text);
  const length = payload.length;
  const header =
    length < 126 ? Buffer.from([0x81, 0x80 | length]) : Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff]);
  const mask = randomBytes(4);
  for (let i = 0; i < length; i++) payload[i] ^= mask[i & 3];
  return Buffer.concat([header, mask, payload]);
}

/** Opens one socket: websocket upgrade, engine.io open, socket.io connect with `auth`, subscribe with an ack. */
function open(url, auth, sport) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let state = 'upgrading';
    let pending = null;
    let firstDelivery = true;
    const fail = (error) => {
      if (state === 'ready') return;
      state = 'failed';
      reject(error);
    };

    const onText = (payload) => {
      if (state === 'ready') {
        if (payload.length === 1 && payload[0] === 0x32) return socket.write(pong);
        record(payload);
        if (firstDelivery && payload.indexOf(EVENT) === 0) {
          firstDelivery = false;
          checked++;
          const mismatch = checkDelivery(payload, sport);
          if (mismatch) mismatches.push(mismatch);
        }
        return;
      }
      const text = payload.toString('utf8');
      if (state === 'opening' && text[0] === '0') {
        state = 'connecting';
        socket.write(textFrame(`40${JSON.stringify(auth)}`));
      } else if (state === 'connecting' && text.startsWith('40')) {
        state = 'subscribing';
        socket.write(textFrame(`420${JSON.stringify(['subscribe', { channel: 'odds', sport }])}`));
      } else if (state === 'connecting' && text.startsWith('44')) {
        fail(new Error(`Connection refused: ${text.slice(2)}`));
      } else if (state === 'subscribing' && text.startsWith('430')) {
        const [ack] = JSON.parse(text.slice(3));
        if (!ack?.ok) return fail(new Error(`Subscribe refused: ${JSON.stringify(ack)}`));
        state = 'ready';
        resolve();
      } else if (text === '2') {
        socket.write(pong);
      }
    };

    /** Splits what arrived into whole server frames (unmasked); keeps a partial frame for the next read. */
    const onBytes = (bytes) => {
      let data = pending ? Buffer.concat([pending, bytes]) : bytes;
      pending = null;
      if (state === 'upgrading') {
        const end = data.indexOf(HEADERS_END);
        if (end < 0) return void (pending = Buffer.from(data));
        if (!data.toString('latin1', 0, 12).startsWith('HTTP/1.1 101'))
          return fail(new Error(`Upgrade refused: ${data.toString('latin1', 0, end)}`));
        state = 'opening';
        data = data.subarray(end + HEADERS_END.length);
      }
      let offset = 0;
      while (data.length - offset >= 2) {
        const opcode = data[offset] & 0x0f;
        let length = data[offset + 1] & 0x7f;
        let start = offset + 2;
        if (length === 126) {
          if (data.length - offset < 4) break;
          length = data.readUInt16BE(offset + 2);
          start = offset + 4;
        } else if (length === 127) {
          if (data.length - offset < 10) break;
          length = Number(data.readBigUInt64BE(offset + 2));
          start = offset + 10;
        }
        if (data.length < start + length) break;
        if (opcode === 0x1) onText(data.subarray(start, start + length));
        else if (opcode === 0x8) fail(new Error('The server closed the websocket'));
        offset = start + length;
      }
      // a partial frame outlives the shared read buffer: copy it
      if (offset < data.length) pending = Buffer.from(data.subarray(offset));
    };

    const socket = tcpConnect({
      host: hostname,
      port: Number(port),
      noDelay: true,
      onread: { buffer: readBuffer, callback: (n, buffer) => onBytes(buffer.subarray(0, n)) },
    });
    sockets.push(socket);
    socket.on('error', fail);
    socket.on('connect', () => {
      socket.write(
        `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
  });
}
const pong = textFrame('3');

async function connect({ url, auth, sports, n, offset }) {
  const batch = 100;
  for (let start = 0; start < n; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, n - start) }, (_, i) =>
        open(url, auth, sports[(offset + start + i) % sports.length]),
      ),
    );
  }
}

process.on('message', async (command) => {
  try {
    if (command.type === 'connect') {
      await connect(command);
      process.send({ type: 'connected' });
    } else if (command.type === 'measure') {
      count = 0;
      measuring = true;
    } else if (command.type === 'stop') {
      measuring = false;
      process.send({
        type: 'latencies',
        values: Array.from(latencies.subarray(0, count)),
        checked,
        mismatches: mismatches.slice(0, 5),
      });
    } else if (command.type === 'close') {
      for (const socket of sockets.splice(0)) socket.destroy();
      process.send({ type: 'closed' });
    }
  } catch (error) {
    process.send({ type: 'error', message: error.message });
  }
});
