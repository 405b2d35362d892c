import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { RealtimeChannel, type ArbitrageOpportunity, type MiddleOpportunity, type OpportunityFlag, type OpportunityUpdate } from '@oddspulse/shared';
import { addAllToSlip } from '../bet-slip/bet-slip';
import { betSlipAtom, useBankroll } from '../bet-slip/bet-slip-state';
import { opportunityToSlipItems } from '../bet-slip/slip-items';
import { formatOdds } from '../odds/filter-settings';
import { formatSeconds } from '../odds/live-table';
import { marketLabel, selectionLabel } from '../odds/labels';
import { fetchArbitrage, fetchMiddles } from '../odds/odds-api';
import { oddsFormatAtom } from '../odds/odds-state';
import { liveSocketAtom } from '../realtime/socket';
import { useToasts } from '../state/toasts';
import {
  ageSeconds,
  applyUpdate,
  arbitrageForUser,
  initialFeed,
  middleForUser,
  settleFeed,
  type FeedItem,
  type Opportunity,
} from './opportunity-feed';
import { expiresInAt, expiryLabel } from './opportunity-expiry';
import { RangedNumberInput, ScannerNumberInput } from './ScannerFilters';
import { notificationsFor, NOTIFY_KEYS, NOTIFY_RANGES, parseNotifySettings, serialiseNotifySettings, type NotifyKind, type NotifySettings } from './scanner-notify';
import { ARBITRAGE_FIELDS, MIDDLE_FIELDS, scannerPanelRanges, type NumberRange, type ScannerField } from './scanner-settings';
import { scannerSettingsAtom } from './scanner-state';

export type ScannerKind = 'arbitrage' | 'middles';

const FLAG_TEXT: Record<OpportunityFlag, { label: string; title: string }> = {
  live: { label: 'LIVE', title: 'The game has started: prices move fast' },
  stale: { label: 'STALE', title: 'One leg lags the newest leg: check the price at the book before betting' },
  suspect: { label: 'SUSPECT', title: 'Profit this high is rarely real: likely a bad or stale price' },
};

/** The browser's permission for notifications ('unsupported' without the API). */
const permission = (): NotificationPermission | 'unsupported' => ('Notification' in window ? Notification.permission : 'unsupported');

function readNotify(kind: NotifyKind): NotifySettings {
  const key = NOTIFY_KEYS[kind];
  try {
    return parseNotifySettings(kind, window.localStorage.getItem(key), permission() === 'granted');
  } catch {
    // A corrupt stored value is dropped so the defaults apply.
    window.localStorage.removeItem(key);
    return parseNotifySettings(kind, null, false);
  }
}

/**
 * A scanner input edited in place (the scanner panel's ranges): the typed text is kept while it is invalid,
 * with its message, and a valid value applies at once.
 */
function InlineInput({ field, value, range, onValid }: { field: ScannerField; value: number; range: NumberRange; onValid: (v: number) => void }) {
  const [raw, setRaw] = useState(String(value));
  useEffect(() => setRaw((current) => (Number(current) === value && current.trim() !== '' ? current : String(value))), [value]);
  return (
    <ScannerNumberInput
      field={field}
      value={raw}
      range={range}
      onChange={(text, valid) => {
        setRaw(text);
        if (valid !== null) onValid(valid);
      }}
    />
  );
}

function OpportunityCard({ item, kind, now, onExecute }: { item: FeedItem<Opportunity>; kind: ScannerKind; now: number; onExecute: (o: Opportunity) => void }) {
  const format = useAtomValue(oddsFormatAtom);
  const o = item.opportunity;
  const headline =
    o.type === 'arbitrage'
      ? `${o.profitPct.toFixed(2)}% profit · $${o.profitAmount.toFixed(2)} on $${o.totalStake.toFixed(2)}`
      : `Gap ${o.gap} · ${o.probability.toFixed(0)}% middle chance · up to $${o.maxProfit.toFixed(2)}`;
  const expiresIn = expiresInAt(o, now);
  return (
    <article className={`opportunity card status-${item.status}`} data-testid="opportunity" data-opportunity-id={o.id} data-status={item.status}>
      <header className="opportunity-head">
        <div>
          <strong>{o.game}</strong>
          <div className="muted small">
            {o.sportTitle} · {marketLabel(o.market)}
            {o.description ? ` · ${o.description}` : ''} · {new Date(o.commenceTime).toLocaleString('en-US', { weekday: 'short', hour: 'numeric', minute: '2-digit' })}
          </div>
        </div>
        <div className="opportunity-flags">
          {item.status === 'new' && <span className="flag flag-new">NEW</span>}
          {o.flags.map((f) => (
            <span key={f} className={`flag flag-${f}`} title={FLAG_TEXT[f].title} data-testid={`flag-${f}`}>
              {FLAG_TEXT[f].label}
            </span>
          ))}
        </div>
      </header>
      <p className="opportunity-headline" data-testid="opportunity-headline">
        {headline}
      </p>
      <p className="muted small opportunity-meta">
        Found {new Date(o.timeFound).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' })} ·{' '}
        <span className={expiresIn === 0 ? 'expired' : undefined} data-testid="opportunity-expiry" data-expires-in={expiresIn} title="An opportunity is shown for 30 minutes from when it was found">
          {expiryLabel(expiresIn)}
        </span>
      </p>
      {o.type === 'middle' && (
        <p className="muted small">
          Both legs win if the {o.market.startsWith('totals') ? 'total' : 'margin'} lands between {o.middleRange.low} and {o.middleRange.high}; worst case ${o.worstCase.toFixed(2)}.
        </p>
      )}
      <table className="legs-table" aria-label="Legs">
        <thead>
          <tr>
            <th>Book</th>
            <th>Bet</th>
            <th>Odds</th>
            <th>Stake</th>
            <th>Age</th>
          </tr>
        </thead>
        <tbody>
          {o.legs.map((leg, i) => (
            <tr key={i} data-testid="leg">
              <td>{leg.bookTitle}</td>
              <td>{selectionLabel({ outcome: leg.outcome, point: leg.point, playerName: leg.description, market: leg.market })}</td>
              <td>{formatOdds(leg.decimal, format)}</td>
              <td>${leg.stake.toFixed(2)}</td>
              <td data-testid="leg-age" title={`Price last updated ${new Date(leg.lastUpdate).toLocaleTimeString()}`}>
                {formatSeconds(ageSeconds(leg.lastUpdate, now))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <button type="button" className="button primary small" onClick={() => onExecute(o)} disabled={item.status === 'gone'}>
          Execute
        </button>
        <span className="muted small">{kind === 'arbitrage' ? 'Adds every leg to the bet slip with its stake' : 'Adds both legs to the bet slip'}</span>
      </div>
    </article>
  );
}

/**
 * The arbitrage and middles scanners (Platinum; spec 001 §5, §9; DECISIONS 11–12): the first load over
 * REST, then new / updated / gone over the socket for every selected sport.
 */
export function ScannerPanel({ kind, sports, books }: { kind: ScannerKind; sports: readonly string[]; books: readonly string[] }) {
  const socket = useAtomValue(liveSocketAtom);
  const bankroll = useBankroll();
  const setSlip = useSetAtom(betSlipAtom);
  const { show } = useToasts();
  const [inputs, setInputs] = useAtom(scannerSettingsAtom);
  const [feed, setFeed] = useState<FeedItem<Opportunity>[]>([]);
  const [state, setState] = useState<{ status: 'loading' | 'ready' } | { status: 'error'; message: string }>({ status: 'loading' });
  const [now, setNow] = useState(() => Date.now());
  const [notify, setNotify] = useState<NotifySettings>(() => readNotify(kind));
  const [notifyRaw, setNotifyRaw] = useState(() => String(notify.threshold));
  const sportsKey = sports.join(',');
  const booksKey = books.join(',');
  const bankrollDollars = bankroll.cents / 100;
  // What a pushed batch is checked against for notifications: the latest settings, without re-subscribing.
  const notifyContext = useRef({ notify, inputs, bankroll: bankrollDollars, books });
  notifyContext.current = { notify, inputs, bankroll: bankrollDollars, books };
  const ranges = scannerPanelRanges(bankrollDollars);

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    const list = sportsKey ? sportsKey.split(',') : [];
    try {
      // Detection publishes at the loosest thresholds; the user's inputs are applied on top, here.
      const loaded: Opportunity[] =
        kind === 'arbitrage'
          ? await fetchArbitrage({ sports: list, books: [], minProfit: 0.1, maxStake: 100, bankroll: 1000 })
          : await fetchMiddles({ sports: list, books: [], minGap: 0.5, minProbability: 5, maxStake: 1000, bankroll: 1000 });
      setFeed(initialFeed(loaded, Date.now()));
      setState({ status: 'ready' });
    } catch (error) {
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  }, [kind, sportsKey]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!sportsKey) return;
    const channel = kind === 'arbitrage' ? RealtimeChannel.Arbitrage : RealtimeChannel.Middles;
    const offs = sportsKey.split(',').map((sport) =>
      socket.subscribe({ channel, sport }, (envelope) => {
        if (envelope.type === 'snapshot') {
          // A snapshot is the room's current updates (new or updated), each with its opportunity.
          const updates = Array.isArray(envelope.data) ? (envelope.data as OpportunityUpdate[]) : [];
          const list = updates.flatMap((u) => (u.action !== 'gone' && u.opportunity ? [u.opportunity as Opportunity] : []));
          setFeed((current) => [...current.filter((i) => i.opportunity.sport !== sport), ...initialFeed(list, Date.now())]);
          return;
        }
        if (envelope.type !== 'opportunities') return;
        const { updates } = envelope.data as { updates: OpportunityUpdate[] };
        const at = Date.now();
        setFeed((current) => updates.reduce((feedSoFar, update) => applyUpdate(feedSoFar, update, at), current));
        const context = notifyContext.current;
        if (!context.notify.on || permission() !== 'granted') return;
        for (const n of notificationsFor(kind, updates, context.notify, context)) new Notification(n.title, { body: n.body, tag: n.tag });
      }),
    );
    return () => offs.forEach((off) => off());
  }, [kind, sportsKey, socket]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      setFeed((current) => settleFeed(current, t));
    }, 1000);
    return () => window.clearInterval(timer);
  }, []);

  const visible = useMemo(() => {
    const bookList = booksKey ? booksKey.split(',') : [];
    const result: FeedItem<Opportunity>[] = [];
    for (const item of feed) {
      const o = item.opportunity;
      const sized =
        o.type === 'arbitrage'
          ? arbitrageForUser(o, { minProfit: inputs.minProfit, maxStake: inputs.maxStake, bankroll: bankrollDollars, books: bookList })
          : middleForUser(o as MiddleOpportunity, { minGap: inputs.minGap, minProbability: inputs.minProbability, maxStake: inputs.middleStake, bankroll: bankrollDollars, books: bookList });
      if (sized) result.push({ ...item, opportunity: sized });
    }
    return result.sort((a, b) =>
      a.opportunity.type === 'arbitrage' && b.opportunity.type === 'arbitrage'
        ? b.opportunity.profitPct - a.opportunity.profitPct
        : (b.opportunity as MiddleOpportunity).probability - (a.opportunity as MiddleOpportunity).probability,
    );
  }, [feed, inputs, bankrollDollars, booksKey]);

  const execute = (o: Opportunity) => {
    setSlip((s) => addAllToSlip(s, opportunityToSlipItems(o), bankroll.cents));
    // spec 001 §5: executing shows that it was added to the bet slip, with the profit or probability
    show('success', o.type === 'arbitrage' ? `Added to bet slip: ${o.profitPct.toFixed(2)}% profit ($${(o as ArbitrageOpportunity).profitAmount.toFixed(2)})` : `Added to bet slip: ${o.probability.toFixed(0)}% middle probability`);
  };

  const saveNotify = (next: NotifySettings) => {
    setNotify(next);
    window.localStorage.setItem(NOTIFY_KEYS[kind], serialiseNotifySettings(kind, next));
  };
  const toggleNotify = async (on: boolean) => {
    if (on && permission() === 'unsupported') {
      show('warning', 'This browser does not support notifications');
      return;
    }
    if (on && permission() !== 'granted') {
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') {
        show('warning', 'Browser notifications are blocked for this site');
        return;
      }
    }
    saveNotify({ ...notify, on });
  };
  const inline = (field: ScannerField) => <InlineInput key={field} field={field} value={inputs[field]} range={ranges[field]} onValid={(v) => setInputs({ ...inputs, [field]: v })} />;

  return (
    <section className="scanner" aria-label={kind === 'arbitrage' ? 'Arbitrage scanner' : 'Middles scanner'}>
      <div className="scanner-inputs card">
        {(kind === 'arbitrage' ? ARBITRAGE_FIELDS : MIDDLE_FIELDS).map(inline)}
        <label className="checkbox">
          <input type="checkbox" checked={notify.on} onChange={(e) => void toggleNotify(e.target.checked)} /> {kind === 'arbitrage' ? 'Notify me of new arbitrage above' : 'Notify me of new middles above'}
        </label>
        <RangedNumberInput
          label={kind === 'arbitrage' ? 'Notify above profit %' : 'Notify above probability %'}
          name={kind === 'arbitrage' ? 'Notification profit' : 'Notification probability'}
          unit="percent"
          value={notifyRaw}
          range={NOTIFY_RANGES[kind]}
          onChange={(raw, valid) => {
            setNotifyRaw(raw);
            if (valid !== null) saveNotify({ ...notify, threshold: valid });
          }}
        />
      </div>
      {state.status === 'loading' && feed.length === 0 && (
        <div className="table-loading card" role="status">
          <span className="spinner" aria-hidden="true" /> {kind === 'arbitrage' ? 'Scanning for arbitrage...' : 'Scanning for middles...'}
        </div>
      )}
      {state.status === 'error' && (
        <div className="banner banner-error" role="alert">
          {state.message}{' '}
          <button type="button" className="button small" onClick={() => void load()}>
            Retry
          </button>
        </div>
      )}
      {state.status === 'ready' && visible.length === 0 && (
        <div className="table-empty card" data-testid="scanner-empty">
          {kind === 'arbitrage' ? (
            <>
              <h3>No Real Arbitrage Opportunities Found</h3>
              <p className="muted">Try lowering the minimum profit. New opportunities appear here as soon as they are found.</p>
            </>
          ) : (
            <>
              <h3>No Middle Opportunities Found</h3>
              <p className="muted">Try lowering the minimum gap or probability. New middles appear here as soon as they are found.</p>
            </>
          )}
        </div>
      )}
      <div className="opportunities" aria-live="polite">
        {visible.map((item) => (
          <OpportunityCard key={item.opportunity.id} item={item} kind={kind} now={now} onExecute={execute} />
        ))}
      </div>
    </section>
  );
}
