import { sendAhead } from '../api/sent-ahead';
import { readBrowserSession } from '../api/session';
import { sendFirstBoardsAhead } from '../features/odds/loading/first-boards-ahead';

// The boot script of /sportsbooks: built on its own and written into the page, so it runs as the HTML is read
// (client/vite.config.ts).
sendFirstBoardsAhead({
  location: window.location,
  session: readBrowserSession,
  settings: window.localStorage,
  now: Date.now(),
  send: sendAhead,
});
