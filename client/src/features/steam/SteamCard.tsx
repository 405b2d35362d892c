import { useAtomValue } from 'jotai';
import { evTone, formatEvPct, STEAM_MARKET_LABELS, type SteamMove, type SteamPrice } from '@oddspulse/shared';
import { OpenInBook } from '../../ui/OpenInBook';
import { TableHead } from '../../ui/TableHead';
import { useScrollTarget } from '../../ui/hooks/useScrollTarget';
import { formatOdds } from '../../format/odds-format';
import { oddsFormatAtom } from '../../state/display-settings';
import { gameTimeLabel, signedPoint } from '../../format/bet-labels';
import { EXPIRY_TEXT, sinceLabel, type SteamItem } from './steam-feed';

/** A stale book whose line is down, as the line movement table marks a line taken down. */
const TAKEN_DOWN = 'Taken down';
const ALL_DOWN_TEXT =
  'Every book still at the old price has its line taken down: none can be bet until one puts it back.';

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/**
 * One steam alert (DECISIONS 34): the sharp move from → to, who confirmed it and how many books have made it, the new
 * fair line, and the soft books still at the old price with their EV against it and a link to the bet; the time since
 * the move began ticks. A book whose line is taken down has not caught up: it stays, "Taken down" at the price it last
 * stood at, with nothing to open, and an alert whose every book is down says so. An expired alert says why and stays a
 * minute.
 */
export function SteamCard({ item, now, targeted = false }: { item: SteamItem; now: number; targeted?: boolean }) {
  const format = useAtomValue(oddsFormatAtom);
  const { alert } = item;
  const spread = alert.market === 'spreads';
  const quote = (p: SteamPrice) =>
    `${p.point === undefined ? '' : `${signedPoint(p.point, spread)} `}${formatOdds(p.decimal, format)}`;
  const move = (m: SteamMove) => `${m.bookTitle} ${quote(m.from)} → ${quote(m.to)}`;
  const expired = item.status === 'expired';
  const allDown = alert.staleBooks.length > 0 && alert.staleBooks.every((book) => book.down);
  const ref = useScrollTarget<HTMLElement>(targeted);
  return (
    <article
      ref={ref}
      tabIndex={targeted ? -1 : undefined}
      className={`opportunity card steam-alert status-${item.status}${expired ? ' is-expired' : ''}${targeted ? ' is-targeted' : ''}`}
      data-testid="steam-alert"
      data-steam-id={alert.id}
      data-status={item.status}
    >
      <header className="opportunity-head">
        <div>
          <strong>{alert.game}</strong>
          <div className="muted small">
            {alert.sportTitle} · {gameTimeLabel(alert.commenceTime)}
          </div>
        </div>
        <div className="opportunity-flags">
          {item.status === 'new' && <span className="flag flag-new">NEW</span>}
          {expired && <span className="flag flag-stale">ENDED</span>}
        </div>
      </header>
      <p className="opportunity-headline" data-testid="steam-headline">
        Steam on {alert.side} · {STEAM_MARKET_LABELS[alert.market]}
        {alert.fair.point === undefined ? '' : ` ${signedPoint(alert.fair.point, spread)}`}
      </p>
      <p className="small steam-origin" data-testid="steam-origin">
        <strong>{move(alert.origin)}</strong> at {clock(alert.origin.at)} · began{' '}
        <span data-testid="steam-age">{sinceLabel(alert.movedAt, now)}</span> ago
      </p>
      <p className="muted small" data-testid="steam-confirmations">
        Confirmed by {alert.confirmations.map(move).join(', ') || 'none'} · {alert.breadth}{' '}
        {alert.breadth === 1 ? 'book has' : 'books have'} moved · new fair line {quote(alert.fair)}
      </p>
      {expired ? (
        <p className="muted small" data-testid="steam-expiry">
          Ended: {alert.expiry ? EXPIRY_TEXT[alert.expiry] : 'no longer current'}.
        </p>
      ) : (
        <>
          {allDown && (
            <p className="muted small" data-testid="steam-all-down">
              {ALL_DOWN_TEXT}
            </p>
          )}
          <table className="legs-table" aria-label="Books still at the old price">
            <TableHead columns={['Still at the old price', 'Bet', 'Odds', 'EV']} />
            <tbody>
              {alert.staleBooks.map((book) => (
                <tr
                  key={book.book}
                  className={book.down ? 'is-down' : undefined}
                  data-testid="steam-stale-book"
                  data-book={book.book}
                  data-down={book.down ? 'true' : undefined}
                >
                  <td>
                    {book.bookTitle}
                    {!book.down && <OpenInBook book={book.book} title={book.bookTitle} link={book.link} compact />}
                  </td>
                  <td>
                    {alert.side}
                    {book.point === undefined ? '' : ` ${signedPoint(book.point, spread)}`}
                  </td>
                  {book.down ? (
                    <td>
                      <span className="flag flag-stale">{TAKEN_DOWN}</span>{' '}
                      <span className="muted">(was {formatOdds(book.decimal, format)})</span>
                    </td>
                  ) : (
                    <td>{formatOdds(book.decimal, format)}</td>
                  )}
                  <td className={book.down ? 'muted' : `ev-${evTone(book.evPct)}`} data-testid="steam-ev">
                    {formatEvPct(book.evPct)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </article>
  );
}
