/**
 * `@oddspulse/client/testing`: what a system spec (test/) drives of the client, the browser's own code rather than a
 * copy of it: the live socket over socket.io-client and how a pushed board message changes the boards. Resolved by
 * jest's moduleNameMapper and tsconfig.tests.json; the app never imports it.
 */
export { applyBoardEnvelope, type Boards } from '../features/odds/rows/live-table';
export { CONNECT_TIMEOUT_MS, LiveSocket, type LiveMessage } from '../realtime/live-socket';
export { socketIoTransport } from '../realtime/socket-io-transport';
