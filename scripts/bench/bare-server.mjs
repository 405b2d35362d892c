// The baseline of `npm run bench:push`: a bare socket.io server (same transport and heartbeat options, no NestJS,
// no authentication, no entitlement checks, no sequence handling) relaying the same Redis pub/sub payloads to
// rooms. Usage: node bare-server.mjs <port> <redis-url> <channel-prefix>
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import IORedis from 'ioredis';

// socket.io is a dependency of the server workspace, resolved from there.
const { Server } = createRequire(new URL('../../server/package.json', import.meta.url))('socket.io');

const [port, redisUrl, channelPrefix] = process.argv.slice(2);
const http = createServer();
const io = new Server(http, {
  path: '/socket.io',
  transports: ['websocket'],
  pingInterval: 25000,
  pingTimeout: 10000,
  serveClient: false,
});
io.on('connection', (socket) => {
  socket.on('subscribe', (request, ack) => {
    socket.join(`odds:${request.sport}`);
    ack?.({ ok: true });
  });
});
const subscriber = new IORedis(redisUrl);
subscriber.on('error', (error) => process.stderr.write(`bare server redis: ${error.message}\n`));
subscriber.on('pmessage', (_pattern, channel, message) => {
  io.to(`odds:${channel.slice(channelPrefix.length)}`).emit('message', JSON.parse(message));
});
await subscriber.psubscribe(`${channelPrefix}*`);
http.listen(Number(port), '127.0.0.1', () => process.send?.({ ready: true }));
process.on('SIGTERM', () => {
  subscriber.disconnect();
  io.close(() => process.exit(0));
});
