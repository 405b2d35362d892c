import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { EvBet } from '@oddspulse/shared';
import { formatOdds } from '../odds/filters/filter-settings';
import { oddsFormatAtom } from '../odds/odds-state';
import { useSignedInUserId } from '../state/auth';
import { compareOddsQuery } from './dashboard-api';
import { COMPARE_BOOKS } from './recommendations';

/** Every book's price for the recommended outcome, from the event's current board (up to 6 books). */
export function CompareOdds({ bet }: { bet: EvBet }) {
  const format = useAtomValue(oddsFormatAtom);
  const userId = useSignedInUserId();
  const query = useQuery({ ...compareOddsQuery(userId, bet), enabled: userId !== '' });
  if (query.isError) return <p className="form-error small">{query.error.message}</p>;
  if (query.isPending) return <p className="muted small">Loading prices...</p>;
  const row = query.data;
  if (row === null) return <p className="muted small">This market is no longer offered.</p>;
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
