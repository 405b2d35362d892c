import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import type { EvBet } from '@oddspulse/shared';
import { formatOdds } from '../odds/filters/filter-settings';
import { fetchBoards } from '../odds/odds-api';
import { oddsFormatAtom } from '../odds/odds-state';
import { buildEventRows, isPropMarket, type OddsRow } from '../odds/rows/rows';
import { COMPARE_BOOKS } from './recommendations';

/** Every book's price for the recommended outcome, from the event's current board (up to 6 books). */
export function CompareOdds({ bet }: { bet: EvBet }) {
  const format = useAtomValue(oddsFormatAtom);
  const [row, setRow] = useState<OddsRow | null | 'loading' | { error: string }>('loading');
  useEffect(() => {
    const mode = isPropMarket(bet.market) ? 'props' : 'game';
    fetchBoards({ mode, sports: [bet.sport], markets: [bet.market] })
      .then((boards) => {
        const event = boards[bet.sport]?.events.find((e) => e.id === bet.eventId);
        const rows = event ? buildEventRows(event, { mode, selectedBooks: [], markets: [], now: Date.now() }) : [];
        const same = (r: OddsRow) =>
          (r.point ?? null) === (bet.point ?? null) && (r.playerName ?? '') === (bet.description ?? '');
        setRow(rows.find((r) => same(r) && (r.outcome === bet.outcome || r.isCombinedProp)) ?? null);
      })
      .catch((error: unknown) => setRow({ error: error instanceof Error ? error.message : String(error) }));
  }, [bet]);
  if (row === 'loading') return <p className="muted small">Loading prices...</p>;
  if (row === null) return <p className="muted small">This market is no longer offered.</p>;
  if ('error' in row) return <p className="form-error small">{row.error}</p>;
  const side = row.isCombinedProp ? (bet.outcome === 'Under' ? row.underBooks : row.overBooks) : row.allBooks;
  const books = [...(side ?? [])].sort((a, b) => b.decimal - a.decimal).slice(0, COMPARE_BOOKS);
  return (
    <table className="mini-table" aria-label={`Compare odds for ${bet.outcome}`}>
      <tbody>
        {books.map((b) => (
          <tr key={b.book}>
            <td>{b.title}</td>
            <td>{b.locked ? <span className="locked">Locked</span> : formatOdds(b.decimal, format)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
