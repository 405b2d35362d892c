import { useInfiniteQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  CORE_SPORTS,
  sportsbookName,
  STEAM_MARKET_LABELS,
  STEAM_MARKETS,
  type SteamRecordEntry,
  type SteamRecordGroup,
} from '@oddspulse/shared';
import { apiErrorText } from '../../api/api-client';
import { TableHead } from '../../ui/TableHead';
import { ValueSelect } from '../../ui/ValueSelect';
import { formatAmericanOdds } from '../../format/odds-format';
import { oddsFormatAtom } from '../../state/display-settings';
import { signedPoint } from '../../format/bet-labels';
import { Spinner } from '../../ui/Spinner';
import { fetchSteamRecord, steamKeys, type SteamRecordChoice } from './steam-api';
import { EXPIRY_TEXT } from './steam-feed';
import './steam-record.css';

const SPORT_NAMES = new Map<string, string>([
  ['', 'All sports'],
  ...CORE_SPORTS.map((s): [string, string] => [s.key, s.title]),
]);
/** The sport select's names: its options are the sports above. */
const SPORT_OPTION_NAMES = Object.fromEntries(SPORT_NAMES);
const MARKET_NAMES: Record<SteamRecordChoice['market'], string> = { '': 'All markets', ...STEAM_MARKET_LABELS };
const percent = (fraction: number | null) => (fraction === null ? '—' : `${(fraction * 100).toFixed(1)}%`);
const clv = (pct: number | null) => (pct === null ? '—' : `${pct > 0 ? '+' : ''}${pct.toFixed(2)}%`);
const sportName = (key: string | null) => (key === null ? 'All' : (SPORT_NAMES.get(key) ?? key));

function GroupRow({ group }: { group: SteamRecordGroup }) {
  return (
    <tr data-testid="steam-record-group">
      <td>{sportName(group.sport)}</td>
      <td>{group.market ? STEAM_MARKET_LABELS[group.market] : 'All'}</td>
      <td>{group.alerts}</td>
      <td>{group.graded}</td>
      <td data-testid="steam-record-hit-rate">{percent(group.hitRate)}</td>
      <td data-testid="steam-record-clv">{clv(group.avgClvPct)}</td>
      <td>{percent(group.softMovedRate)}</td>
    </tr>
  );
}

function EntryRow({ entry }: { entry: SteamRecordEntry }) {
  const format = useAtomValue(oddsFormatAtom);
  const spread = entry.market === 'spreads';
  const line = entry.taken?.point === undefined ? '' : `${signedPoint(entry.taken.point, spread)} `;
  const grade =
    entry.status === 'graded'
      ? clv(entry.clvPct)
      : entry.status === 'pending'
        ? 'Grades at the start'
        : `Not graded: ${entry.note ?? ''}`;
  return (
    <tr data-testid="steam-record-alert" data-status={entry.status}>
      <td>{new Date(entry.timeFound).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</td>
      <td>
        {entry.game}
        <div className="muted small">{sportName(entry.sport)}</div>
      </td>
      <td>
        {entry.side} · {STEAM_MARKET_LABELS[entry.market]}
        <div className="muted small">
          {entry.origin.bookTitle} moved first
          {entry.expiry ? ` · ${EXPIRY_TEXT[entry.expiry]}` : ''}
        </div>
      </td>
      <td>
        {entry.taken && entry.gradedBook
          ? `${line}${formatAmericanOdds(entry.taken.price, format)} at ${sportsbookName(entry.gradedBook)}`
          : '—'}
      </td>
      <td>{entry.closingPrice === null ? '—' : formatAmericanOdds(entry.closingPrice, format)}</td>
      <td
        data-testid="steam-record-grade"
        className={entry.clvPct !== null && entry.clvPct > 0 ? 'ev-good' : undefined}
      >
        {grade}
      </td>
      <td>{entry.softMoved === null ? '—' : entry.softMoved ? 'Yes' : 'No'}</td>
    </tr>
  );
}

/** The hit rate and average CLV by sport and market, and overall; or that no alert was raised for the choice. */
function RecordSummary({
  groups,
  overall,
  choosing,
}: {
  groups: SteamRecordGroup[];
  overall: SteamRecordGroup;
  /** A sport or market is chosen: the empty record says it is this choice's. */
  choosing: boolean;
}) {
  return (
    <section className="card" aria-labelledby="steam-record-summary">
      <h2 id="steam-record-summary">By sport and market</h2>
      {overall.alerts === 0 ? (
        <p className="muted" data-testid="steam-record-empty">
          No steam alert has closed yet{choosing ? ' for this choice' : ''}.
        </p>
      ) : (
        <table className="steam-record-table">
          <TableHead columns={['Sport', 'Market', 'Alerts', 'Graded', 'Hit rate', 'Average CLV', 'Soft book moved']} />
          <tbody>
            {groups.map((group) => (
              <GroupRow key={`${group.sport}:${group.market}`} group={group} />
            ))}
            <GroupRow group={overall} />
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The record's alerts one by one, graded or waiting for the close, and the button that loads the next page of them. */
function RecordAlerts({
  entries,
  hasMore,
  loadingMore,
  onMore,
}: {
  entries: SteamRecordEntry[];
  hasMore: boolean;
  loadingMore: boolean;
  onMore: () => void;
}) {
  return (
    <section className="card" aria-labelledby="steam-record-alerts">
      <h2 id="steam-record-alerts">Alerts</h2>
      <table className="steam-record-table">
        <TableHead columns={['Raised', 'Game', 'Steam', 'Stale price', 'Fair close', 'CLV', 'Book moved']} />
        <tbody>
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </tbody>
      </table>
      {hasMore && (
        <button type="button" className="button" disabled={loadingMore} onClick={onMore}>
          {loadingMore ? 'Loading...' : 'Load more'}
        </button>
      )}
    </section>
  );
}

/**
 * /steam/record (public; DECISIONS 34): every steam alert kept and graded against the closing line — the CLV of taking
 * the stale soft price, and whether that book moved — with the hit rate and average CLV by sport and market.
 */
export function SteamRecordPage() {
  const [filter, setFilter] = useState<SteamRecordChoice>({ sport: '', market: '' });
  const { sport, market } = filter;
  const record = useInfiniteQuery({
    queryKey: steamKeys.record(sport, market),
    queryFn: ({ pageParam }) => fetchSteamRecord({ sport, market }, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextBefore,
  });
  const first = record.data?.pages[0];
  const entries = record.data?.pages.flatMap((page) => page.alerts) ?? [];
  return (
    <div className="page steam-record-page">
      <h1>Steam record</h1>
      <p className="muted">
        Every steam alert OddsPulse raised, from the moment it can no longer be taken (its books caught up or its game
        started), graded against the closing line: the closing-line value of taking the best price still at the old
        number when the alert went out, and whether that book moved by the close. A hit beat the close.{' '}
        <Link to="/sportsbooks?mode=steam">Live steam alerts</Link> come with Platinum.
      </p>
      <div className="steam-record-filters">
        <ValueSelect
          label="Sport"
          value={sport}
          values={['', ...CORE_SPORTS.map((s) => s.key)]}
          names={SPORT_OPTION_NAMES}
          onChange={(sport) => setFilter((f) => ({ ...f, sport }))}
        />
        <ValueSelect
          label="Market"
          value={market}
          values={['', ...STEAM_MARKETS] as const}
          names={MARKET_NAMES}
          onChange={(market) => setFilter((f) => ({ ...f, market }))}
        />
      </div>
      {record.isPending && <Spinner label="Loading the record..." />}
      {record.isError && (
        <div className="banner banner-error" role="alert">
          {apiErrorText(record.error, 'Could not load the steam record.')}{' '}
          <button type="button" className="button small" onClick={() => void record.refetch()}>
            Retry
          </button>
        </div>
      )}
      {first && (
        <>
          <RecordSummary groups={first.groups} overall={first.overall} choosing={sport !== '' || market !== ''} />
          {entries.length > 0 && (
            <RecordAlerts
              entries={entries}
              hasMore={record.hasNextPage}
              loadingMore={record.isFetchingNextPage}
              onMore={() => void record.fetchNextPage()}
            />
          )}
        </>
      )}
    </div>
  );
}
