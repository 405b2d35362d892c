import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { EvBet } from '@oddspulse/shared';
import { formatOdds } from '../../format/odds-format';
import { oddsFormatAtom } from '../../state/display-settings';
import { useSignedInUserId } from '../../state/auth';
import { compareOddsQuery } from './dashboard-api';
import { useStartingBooks } from '../../state/starting-books';
import { comparedPrices } from './recommendations';

/** The recommended outcome's price at each of the user's starting books, from the event's current board (up to 6). */
export function CompareOdds({ bet }: { bet: EvBet }) {
  const format = useAtomValue(oddsFormatAtom);
  const userId = useSignedInUserId();
  const starting = useStartingBooks().books;
  const query = useQuery({ ...compareOddsQuery(userId, bet), enabled: userId !== '' });
  if (query.isError) return <p className="form-error small">{query.error.message}</p>;
  if (query.isPending) return <p className="muted small">Loading prices...</p>;
  const row = query.data;
  if (row === null) return <p className="muted small">This market is no longer offered.</p>;
  const books = comparedPrices(row, bet.outcome, starting);
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
