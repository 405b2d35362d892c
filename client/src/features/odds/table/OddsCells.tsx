import { memo } from 'react';
import { sportsbookName } from '@oddspulse/shared';
import { OpenInBook } from '../../../ui/OpenInBook';
import { formatOdds, type OddsDisplayFormat } from '../../../format/odds-format';
import { LiveMarker } from '../../../ui/LiveMarker';
import { BookLogo, evClass, evText, HOLD_TITLE, holdText, Price } from './PriceCell';

/**
 * The contents of a row's cells, each memoised on the values it shows (numbers and words, not the row), so a row that
 * renders again renders only the cells whose values moved: a moved price its odds, EV and hold, the clock its age.
 */
export const EvCell = memo(function EvCell({ evPct }: { evPct: number | null }) {
  return <span className={`ev ${evClass(evPct)}`}>{evText(evPct)}</span>;
});

export const MatchCell = memo(function MatchCell({
  match,
  sport,
  time,
  live,
}: {
  match: string;
  sport: string;
  time: string;
  live: boolean;
}) {
  return (
    <>
      <span className="match">{match}</span>
      <span className="muted small">
        {sport} · {time}
        {live && <LiveMarker />}
      </span>
    </>
  );
});

export const LineCell = memo(function LineCell({ selection, market }: { selection: string; market: string }) {
  return (
    <>
      <span>{selection}</span>
      <span className="muted small">{market}</span>
    </>
  );
});

export const BookCell = memo(function BookCell({
  book,
  title,
  link,
}: {
  book: string;
  title: string;
  link: string | undefined;
}) {
  return (
    <>
      <BookLogo book={book} />
      {sportsbookName(book, title)}
      <OpenInBook book={book} title={title} link={link} compact />
    </>
  );
});

export const OddsCell = memo(function OddsCell({
  price,
  commission,
  format,
  flash,
  age,
}: {
  price: number;
  /** The user's commission at the best price's exchange (0 at a book): the cell shows the net price beside it. */
  commission: number;
  format: OddsDisplayFormat;
  flash: 'up' | 'down' | null;
  age: string;
}) {
  return (
    <>
      <Price value={price} format={format} flash={flash} commission={commission} />
      <span className="age muted small" title="How old this price is">
        {age}
      </span>
    </>
  );
});

export const DevigCell = memo(function DevigCell({
  fairProbability,
  format,
}: {
  fairProbability: number | null;
  format: OddsDisplayFormat;
}) {
  return <>{fairProbability ? formatOdds(1 / fairProbability, format) : '—'}</>;
});

export const HoldCell = memo(function HoldCell({ hold }: { hold: number | null }) {
  return (
    <span className="hold" data-testid="row-hold" title={HOLD_TITLE}>
      {holdText(hold)}
    </span>
  );
});
