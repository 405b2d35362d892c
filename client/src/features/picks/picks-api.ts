import {
  PICKS_PAGE_MAX,
  PICKS_PAGE_SIZE,
  type PagedPicks,
  type PickPeriod,
  type SettledStatus,
  type UserPick,
} from '@oddspulse/shared';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, typedApi, type Answer } from '../../api/client';
import type { paths } from '../../api/openapi';
import { answerOf } from '../../api/typed-client';

/** The list's filters and sort, as GET /api/picks reads them (the API document's query). */
export type PickListQuery = Required<
  Pick<NonNullable<paths['/api/picks']['get']['parameters']['query']>, 'period' | 'status' | 'sort'>
>;

/**
 * The picks API (server/src/picks): the signed-in user's own picks; money in cents, payout entry in dollars. The list
 * comes a page at a time: `limit` picks after the page `cursor` ended, and the next page's cursor (null on the last).
 */
export function fetchPicksPage(
  query: PickListQuery,
  cursor: string | null,
  limit = PICKS_PAGE_SIZE,
): Promise<PagedPicks<UserPick>> {
  return answerOf(
    typedApi.GET('/api/picks', { params: { query: { ...query, limit, ...(cursor ? { cursor } : {}) } } }),
  );
}

/**
 * Every pick the query selects, for what is drawn from all of them (the profit chart, analytics, a game's picks): the
 * pages read one after another, as many as the plan lets an account keep.
 */
export async function fetchAllPicks(query: PickListQuery): Promise<UserPick[]> {
  const picks: UserPick[] = [];
  let cursor: string | null = null;
  do {
    const page: PagedPicks<UserPick> = await fetchPicksPage(query, cursor, PICKS_PAGE_MAX);
    picks.push(...page.picks);
    cursor = page.nextCursor;
  } while (cursor);
  return picks;
}

export function fetchPickStats(period: PickPeriod) {
  return answerOf(typedApi.GET('/api/picks/stats', { params: { query: { period } } }));
}

/** Keyed by the user as well: the cache outlives a session in this tab, and one user's picks are never another's. */
export const picksKeys = {
  all: ['picks'] as const,
  user: (userId: string) => [...picksKeys.all, userId] as const,
  lists: (userId: string) => [...picksKeys.user(userId), 'list'] as const,
  list: (userId: string, query: PickListQuery) => [...picksKeys.lists(userId), query] as const,
  every: (userId: string, query: PickListQuery) => [...picksKeys.lists(userId), 'every', query] as const,
  periods: (userId: string) => [...picksKeys.user(userId), 'period'] as const,
  period: (userId: string, period: PickPeriod) => [...picksKeys.periods(userId), period] as const,
  stats: (userId: string, period: PickPeriod) => [...picksKeys.user(userId), 'stats', period] as const,
};

/** The picks the tracker's filters select, a page at a time: the next page is read when the user asks for more. */
export function pickListQuery(userId: string, query: PickListQuery) {
  return infiniteQueryOptions({
    queryKey: picksKeys.list(userId, query),
    queryFn: ({ pageParam }) => fetchPicksPage(query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Every pick the query selects (fetchAllPicks), for a view drawn from all of them. */
export function allPicksQuery(userId: string, query: PickListQuery) {
  return queryOptions({ queryKey: picksKeys.every(userId, query), queryFn: () => fetchAllPicks(query) });
}

/** A period's statistics and all its picks (the chart's), read together so the two always tell of the same picks. */
export function pickPeriodQuery(userId: string, period: PickPeriod) {
  return queryOptions({
    queryKey: picksKeys.period(userId, period),
    queryFn: async () => {
      const [stats, picks] = await Promise.all([
        fetchPickStats(period),
        fetchAllPicks({ period, status: 'all', sort: 'date' }),
      ]);
      return { stats, picks };
    },
  });
}

/** A period's statistics alone, for a summary that shows no picks. */
export function pickStatsQuery(userId: string, period: PickPeriod) {
  return queryOptions({ queryKey: picksKeys.stats(userId, period), queryFn: () => fetchPickStats(period) });
}

export function markPickSettled(id: string, status: SettledStatus, actualPayout?: number): Promise<UserPick> {
  return answerOf(
    typedApi.PATCH('/api/picks/{id}', {
      params: { path: { id } },
      body: actualPayout === undefined ? { status } : { status, actualPayout },
    }),
  );
}

/** A pending pick's stake, in dollars; the server works out the payout from the pick's odds. */
export function setPickStake(id: string, stake: number): Promise<UserPick> {
  return answerOf(typedApi.PATCH('/api/picks/{id}/stake', { params: { path: { id } }, body: { stake } }));
}

export function removePick(id: string): Promise<void> {
  return answerOf(typedApi.DELETE('/api/picks/{id}', { params: { path: { id } } }));
}

export type PicksValidationAnswer = Answer<'post', '/api/picks/validate'>;

export function validatePicks(): Promise<PicksValidationAnswer> {
  return answerOf(typedApi.POST('/api/picks/validate'));
}

/** What POST /api/picks/import answers for a browser list: picks added, skipped, and whether all were there already. */
export type LocalPicksImportAnswer = Answer<'post', '/api/picks/import'>;

/** The browser's old list, sent as it was kept: the server reads what it can of each entry (DECISIONS 18). */
export function importLocalPicks(picks: unknown[]) {
  return api.post<LocalPicksImportAnswer>('/api/picks/import', { picks });
}

/** What POST /api/picks/import.csv answers: picks added, rows the user already had, and (on a 400) each bad line. */
export type CsvImportAnswer = Answer<'post', '/api/picks/import.csv'>;

/** The list's picks (its filters and sort) as the CSV text GET /api/picks/export.csv writes. */
export function exportPicksCsv(query: PickListQuery): Promise<string> {
  return api.get<string>('/api/picks/export.csv', { query, accept: 'text/csv' });
}

export function importPicksCsv(csv: string): Promise<CsvImportAnswer> {
  return api.post<CsvImportAnswer>('/api/picks/import.csv', undefined, { text: { body: csv, type: 'text/csv' } });
}

/** Exports the picks the filters select; the caller saves the text as a file. */
export function useExportPicksCsv() {
  return useMutation({ mutationFn: exportPicksCsv });
}

/** Imports a CSV file; every picks query (lists, periods, the analytics' picks) is read again after it. */
export function useImportPicksCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPicksCsv,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: picksKeys.all }),
  });
}
