import { requestInit, withQuery } from '../../../api/api-client';
import { needsRefresh, type BrowserSession } from '../../../api/session';
import { lastSeenPaid } from '../../../state/paid-plan-hint';
import { readStored } from '../../../state/stored-value';
import { earlyBoardsRequest, opensStraightBets, straightBetsQuery } from './boards-request';
import { FILTERS_KEY, defaultBoardFilters, parseBoardFilters } from '../filters/filter-settings';

export interface BootPage {
  location: Pick<Location, 'pathname' | 'search'>;
  /** The session the app will start with. */
  session: () => BrowserSession | null;
  settings: Storage;
  now: number;
  send: (url: string, init: RequestInit) => void;
}

/**
 * The boards of a direct visit of /sportsbooks, sent by the page's boot script
 * (boot/first-boards.ts) as the HTML is read, instead of once the app's entry has been evaluated, 100–200 ms later. It
 * sends exactly the request the app's startFirstBoards will make (same filters, session and headers), which the app's
 * API client then takes as its own (api/sent-ahead.ts). It sends nothing where the app would do more than send it:
 * signed out, or a session the client would refresh first; nor where the app would not send it: a plan not last seen
 * paid.
 */
export function sendFirstBoardsAhead(page: BootPage): void {
  if (!opensStraightBets(page.location)) return;
  const session = page.session();
  if (!session || needsRefresh(session, page.now) || !lastSeenPaid(page.settings, session.user.id)) return;
  const request = earlyBoardsRequest(
    straightBetsQuery(
      readStored(page.settings, FILTERS_KEY, (raw) => parseBoardFilters(raw, page.now), defaultBoardFilters()),
    ),
  );
  if (!request) return;
  const [path, options] = request;
  page.send(withQuery(path, options.query), requestInit('GET', options, null));
}
