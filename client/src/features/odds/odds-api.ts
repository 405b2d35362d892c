import {
  CORE_SPORTS,
  InvalidOddsPayloadError,
  type ArbitrageOpportunity,
  type BoardPositions,
  type EvBet,
  type MiddleOpportunity,
  type SportBoard,
} from '@oddspulse/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, type RequestOptions } from '../../api/api-client';
import { api, typedApi } from '../../api/client';
import { answerOf } from '../../api/typed-client';
import type { paths } from '../../api/openapi';
import { startEarly, takeEarlyOnceSent } from '../../api/early-data';
import { boardsRequest, earlyBoardsRequest, type BoardsToLoad } from './loading/boards-request';
import { devigQuery, type DevigChoice } from '../../state/devig-choice';
import {
  loadedFromPayload,
  positionsFromPayload,
  rowsBuiltOnArrival,
  type LoadedBoards,
  type RowSelection,
} from './loading/first-load';

/**
 * The odds page's REST calls (spec 001 §7): the first load of each board and list; every change
 * after it comes over the socket. All through the one API client (its status handling, retries, plangate).
 */
export const SELECT_MESSAGE = 'Please select sports, regions, and markets to view odds';

export function fetchSports() {
  return answerOf(typedApi.GET('/api/sports'));
}

/** The feed's sports list: the same for every user. */
export function sportsQuery() {
  return queryOptions({ queryKey: ['sports'], queryFn: fetchSports });
}

/**
 * The first load of the boards: GET /api/boards answers the boards as the pipeline keeps them (packed for
 * the wire), the same shape and decimal prices the socket's diffs patch, so an unchanged price neither moves nor flashes. The whole board
 * (every book the plan sees), narrowed to the markets asked for; the user's books pick what is shown, and sharp books
 * outside the US regions (Pinnacle) still weigh in the fair line (spec 001 §5).
 */
export async function fetchBoards(query: BoardsToLoad, now = Date.now()): Promise<Record<string, SportBoard>> {
  return (await fetchLoadedBoards(query, now)).boards;
}

/** fetchBoards, with where each sport's channel stood as its board was read: the live table's socket joins from there. */
export async function fetchLoadedBoards(query: BoardsToLoad, now = Date.now()): Promise<LoadedBoards> {
  if (!query.sports.length || !query.markets.length) throw new Error(SELECT_MESSAGE);
  const [path, options] = boardsRequest(query);
  const early = (await takeEarlyOnceSent<LoadedBoards | typeof ASK_NOW>(earlyKey(path, options))) ?? ASK_NOW;
  return early === ASK_NOW ? loadedFromPayload(await api.get<unknown>(path, options), query.sports, now) : early;
}

/**
 * The screen sends its own request: none was sent early, or the early one was refused because the plan was free then
 * (a free plan's screen shows no boards, so only a plan that has just become paid gets here).
 */
const ASK_NOW = Symbol('ask now');

/**
 * Sends the first load of these boards now, before the plan is known, for fetchBoards to take when the screen asks
 * As earlyBoardsRequest: a free plan's call is refused without being metered.
 * The answer is read into boards as it arrives, while the screen is still waiting for the plan, and with `rows` the
 * table's rows are built from them then too (rowsBuiltOnArrival, whose code is asked for now, with the boards).
 */
export function preloadBoards(query: BoardsToLoad, rows?: RowSelection): void {
  const early = earlyBoardsRequest(query);
  if (!early) return;
  const [path, options] = boardsRequest(query);
  const withRows = rows ? rowsBuiltOnArrival(rows) : null;
  startEarly(earlyKey(path, options), () =>
    api
      .get<unknown>(...early)
      .then((payload) => loadedFromPayload(payload, query.sports, Date.now()))
      .then((loaded) => (withRows ? withRows(loaded) : loaded))
      .catch((error: unknown) =>
        error instanceof ApiError && error.code === 'SUBSCRIPTION_REQUIRED' ? ASK_NOW : Promise.reject(error),
      ),
  );
}

const earlyKey = (path: string, options: RequestOptions) => `${path}?${JSON.stringify(options.query)}`;

/** Lists come back bare or wrapped; anything else is a format error, never an empty list. */
function listOf<T>(payload: unknown, field: string): T[] {
  if (Array.isArray(payload)) return payload as T[];
  if (payload && typeof payload === 'object' && Array.isArray((payload as Record<string, unknown>)[field]))
    return (payload as Record<string, T[]>)[field];
  throw new InvalidOddsPayloadError();
}

/** The sports and books a scanner reads. */
interface ScannerScope {
  sports: readonly string[];
  books: readonly string[];
}

/** Sports and books as the scanner endpoints read them: comma lists, no books meaning every book. */
const scopeQuery = ({ sports, books }: ScannerScope) => ({
  sports: sports.join(','),
  books: books.join(',') || undefined,
});

/** The query a scanner route reads, as the API document says (`npm run openapi`). */
type ScannerQuery<P extends '/api/arbitrage' | '/api/middles'> = NonNullable<paths[P]['get']['parameters']['query']>;

/** What GET /api/arbitrage is asked: its scope as lists, and the limits this screen always sends. */
export type ArbitrageRequest = ScannerScope &
  Required<Pick<ScannerQuery<'/api/arbitrage'>, 'minProfit' | 'maxStake' | 'bankroll'>>;

/** A scanner's opportunities and where each sport's channel stood as they were read (its rooms are joined from there). */
export interface PositionedList<T> {
  opportunities: T[];
  positions: BoardPositions;
}

/** A scanner answer read whole: its list (listOf) and its positions (positionsFromPayload). */
const positionedList = <T>(payload: unknown): PositionedList<T> => ({
  opportunities: listOf<T>(payload, 'opportunities'),
  positions: positionsFromPayload(payload),
});

export async function fetchArbitrage({
  sports,
  books,
  ...limits
}: ArbitrageRequest): Promise<PositionedList<ArbitrageOpportunity>> {
  const { data } = await typedApi.GET('/api/arbitrage', {
    params: { query: { ...scopeQuery({ sports, books }), ...limits } },
  });
  return positionedList<ArbitrageOpportunity>(data);
}

/** What GET /api/middles is asked: its scope as lists, and the limits this screen always sends. */
export type MiddlesRequest = ScannerScope &
  Required<Pick<ScannerQuery<'/api/middles'>, 'minGap' | 'minProbability' | 'maxStake' | 'bankroll'>>;

export async function fetchMiddles({
  sports,
  books,
  ...limits
}: MiddlesRequest): Promise<PositionedList<MiddleOpportunity>> {
  const { data } = await typedApi.GET('/api/middles', {
    params: { query: { ...scopeQuery({ sports, books }), ...limits } },
  });
  return positionedList<MiddleOpportunity>(data);
}

/** GET /api/ev: +EV rows of the sports, at the books, by the chosen de-vig method, net of the user's commission rates (FRACTIONS by book). */
export async function fetchEv(
  query: ScannerScope & {
    devig?: DevigChoice;
    commission?: Readonly<Record<string, number>>;
  },
): Promise<EvBet[]> {
  const commission = Object.entries(query.commission ?? {}).map(([book, rate]) => `${book}:${rate}`);
  const { data } = await typedApi.GET('/api/ev', {
    params: {
      query: {
        ...scopeQuery(query),
        commission: commission.join(',') || undefined,
        ...(query.devig ? devigQuery(query.devig) : {}),
      },
    },
  });
  return listOf<EvBet>(data, 'opportunities');
}

/**
 * An alert's +EV bet as it stands now, null when the price is no longer +EV: looked up among every core sport's,
 * at every book, by the user's de-vig method net of their commission rates, as the table beside it prices the bet's
 * row (the method, one of DECISIONS 10's, is one choice for every EV shown: state/devig-choice.ts). Keyed by the user,
 * whose plan decides which books the server answers for, and by the method and rates: another choice asks again.
 */
export function evAlertBetQuery(
  userId: string,
  id: string,
  devig: DevigChoice,
  commission: Readonly<Record<string, number>>,
) {
  return queryOptions({
    queryKey: ['ev-alert-bet', userId, id, devig, commission],
    queryFn: async () =>
      (await fetchEv({ sports: CORE_SPORTS.map((s) => s.key), books: [], devig, commission })).find(
        (b) => b.id === id,
      ) ?? null,
  });
}
