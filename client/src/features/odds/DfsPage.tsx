import { useMemo, useState } from 'react';
import { CORE_SPORTS, decimalToAmericanRounded } from '@oddspulse/shared';
import { FALLBACK_PLAN, isPaid } from '../../state/session-api';
import { BetSlipPanel, EdgeCalculator } from '../bet-slip';
import { FormError } from '../../ui/FormError';
import { SearchInput } from '../../ui/SearchInput';
import { usePlan } from '../../state/session-state';
import { DatePicker } from './filters/DatePicker';
import { DFS_PAGE_BOOKS, dfsPlanBooks, dfsStartingBooks } from './loading/dfs-load';
import { useStartingBooks } from '../../state/starting-books';
import { pageBookChoice, pageBooks } from '../../state/page-books';
import { FreeQuotaLine } from './FreeQuotaLine';
import { MultiSelect } from '../../ui/MultiSelect';
import { OddsTable } from './table/OddsTable';
import { BooksHint } from './table/OddsTableNotices';
import { useAddRowToSlip } from './table/useAddRowToSlip';
import type { OddsRow } from './rows/rows';
import { useDfsOdds } from './loading/useDfsOdds';
import './odds.css';

const DFS_LABELS: Record<(typeof DFS_PAGE_BOOKS)[number], string> = {
  prizepicks: 'PrizePicks',
  underdog: 'Underdog',
  pick6: 'DK Pick6',
};

/**
 * /dfs (spec 001 §2 DFS props page): search, a date filter, a sport multi-select and a props-mode table of the
 * DFS apps' lines, priced at −119 against the sportsbooks' fair line (spec 001 §5). The first load is the
 * props boards in one call, as the odds page's (a call per game spent 8 of a free user's calls on one
 * view); changes come over the props rooms after it. A free user's counter is read again after the load, so it
 * counts the load it follows (it showed the count from before it).
 */
export function DfsPage() {
  const plan = usePlan();
  const [search, setSearch] = useState('');
  const [date, setDate] = useState('');
  const [sports, setSports] = useState<string[]>(['basketball_nba']);
  // the saved books' DFS apps until the user picks others here (DECISIONS 36); picking those again follows them anew
  const starting = useStartingBooks().books;
  const startingApps = useMemo(() => dfsStartingBooks(starting), [starting]);
  const [choice, setChoice] = useState<string[] | null>(null);
  // while the plan loads, the free plan's apps (the server filters by the plan in force anyway)
  const { plan: planName, unlimited } = plan.status === 'ready' ? plan.info : FALLBACK_PLAN;
  const planApps = useMemo(() => dfsPlanBooks({ plan: planName, unlimited }), [planName, unlimited]);
  // DECISIONS 32: "Show all books" widens this view to every app the plan allows until the user leaves it or picks apps
  const [everyBook, setEveryBook] = useState(false);
  const books = everyBook ? planApps : pageBooks(choice, startingApps);
  const [edgeRow, setEdgeRow] = useState<OddsRow | null>(null);
  const now = useMemo(() => Date.now(), []);
  const metered = plan.status === 'ready' && !isPaid(plan.info) && !plan.info.unlimited;
  const { data, rows, hidden, markets } = useDfsOdds({ sports, books, every: planApps, search, date, metered });
  const addRow = useAddRowToSlip();
  const info = plan.status === 'ready' ? plan.info : null;

  let body;
  if (sports.length === 0) body = <p className="muted">No games data available. Please check your sports selection.</p>;
  else if (data.state.status === 'error') body = <FormError message={`DFS error: ${data.state.message}`} />;
  else if (data.loading)
    body = (
      <div className="table-loading card" role="status">
        <span className="spinner" aria-hidden="true" /> Loading DFS props…
      </div>
    );
  else if (rows.length === 0)
    body = (
      <p className="muted table-empty card" data-testid="dfs-empty">
        No DFS props found for the current selection.
      </p>
    );
  else
    body = (
      <OddsTable
        rows={rows}
        flashes={data.flashes}
        now={data.now}
        mode="props"
        loading={false}
        selectedBooks={books}
        gamesCount={new Set(rows.map((r) => r.eventId)).size}
        marketsCount={markets.length}
        onAddToSlip={addRow}
        onEdge={setEdgeRow}
      />
    );

  return (
    <div className="page dfs-page">
      <h1>DFS Props</h1>
      {info && <FreeQuotaLine info={info} />}
      <div className="dfs-controls">
        <SearchInput label="Search team / league / player" value={search} onChange={setSearch} />
        <DatePicker value={date} onChange={setDate} now={now} />
        <MultiSelect
          label="Sports"
          options={CORE_SPORTS.map((s) => ({ value: s.key, label: s.title, group: s.group }))}
          selected={sports}
          onChange={setSports}
        />
        <MultiSelect
          label="DFS apps"
          options={DFS_PAGE_BOOKS.map((b) => ({ value: b, label: DFS_LABELS[b] }))}
          selected={books}
          onChange={(next) => {
            setEveryBook(false);
            setChoice(pageBookChoice(next, startingApps));
          }}
        />
        {/* every signed-in user may save picks (spec 000 §6, 002 §6), so the slip the rows add to is theirs to see */}
        <BetSlipPanel />
      </div>
      <BooksHint
        hidden={hidden}
        everyBook={everyBook}
        onEveryBook={() => setEveryBook(true)}
        onMyBooks={() => setEveryBook(false)}
      />
      {body}
      {edgeRow && (
        <EdgeCalculator
          initialBookOdds={-119}
          initialFairOdds={edgeRow.fairProbability ? decimalToAmericanRounded(1 / edgeRow.fairProbability) : undefined}
          exact={{ fairProbability: edgeRow.fairProbability ?? undefined }}
          onClose={() => setEdgeRow(null)}
        />
      )}
    </div>
  );
}
