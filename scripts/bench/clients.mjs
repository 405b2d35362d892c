// One client process of `npm run bench:push`: opens sockets to a URL, subscribes each to one sport's odds room,
// and records publish → receipt latency of every message while the parent says "measure".
import { io } from 'socket.io-client';

const sockets = [];
let measuring = false;
let latencies = new Float64Array(1 << 20);
let count = 0;
const now = () => performance.timeOrigin + performance.now();

function record(envelope) {
  if (!measuring) return;
  if (count === latencies.length) {
    const bigger = new Float64Array(latencies.length * 2);
    bigger.set(latencies);
    latencies = bigger;
  }
  latencies[count++] = now() - envelope.data.bench_sent_at;
}

async function connect({ url, auth, sports, n, offset }) {
  const batch = 100;
  for (let start = 0; start < n; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, n - start) }, (_, i) => {
        const sport = sports[(offset + start + i) % sports.length];
        const socket = io(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true });
        sockets.push(socket);
        socket.on('message', record);
        return new Promise((resolve, reject) => {
          socket.once('connect_error', reject);
          socket.once('connect', () => {
            socket.timeout(30000).emit('subscribe', { channel: 'odds', sport }, (error, ack) => {
              if (error || !ack?.ok) reject(error ?? new Error(JSON.stringify(ack)));
              else resolve();
            });
          });
        });
      }),
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
      process.send({ type: 'latencies', values: Array.from(latencies.subarray(0, count)) });
    } else if (command.type === 'close') {
      for (const socket of sockets.splice(0)) socket.disconnect();
      process.send({ type: 'closed' });
    }
  } catch (error) {
    process.send({ type: 'error', message: error.message });
  }
});
