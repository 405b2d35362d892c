import { memo } from 'react';
import { OpenInBook } from '../../../ui/OpenInBook';
import type { OddsDisplayFormat } from '../../../format/odds-format';
import type { Direction } from '../rows/live-table';
import { priceOf, type BookPrice } from '../rows/rows';
import { BookLogo, evClass, evText, holdText, Price } from './PriceCell';

/**
 * One book of the mini table, memoised on what it shows: the open row renders again with every tick (the books' ages),
 * and a line renders only when its price, flash or age in words moved (a kept BookPrice is the same object).
 */
export const BookLine = memo(function BookLine({
  price: b,
  selected,
  lowest,
  format,
  flash,
  age,
}: {
  price: BookPrice;
  selected: boolean;
  lowest: boolean;
  format: OddsDisplayFormat;
  flash: Direction | null;
  age: string;
}) {
  return (
    <tr className={selected ? 'selected-book' : 'other-book'} data-testid="mini-book" data-book={b.book}>
      <td>
        <BookLogo book={b.book} />
        {b.title}
        <OpenInBook book={b.book} title={b.title} link={b.link} compact />
        {lowest && (
          <span
            className="lowest-hold"
            data-testid="lowest-hold"
            title="The lowest hold among the books quoting every side of this line"
          >
            Lowest hold
          </span>
        )}
      </td>
      <td>
        {b.locked ? (
          <span className="locked">Locked</span>
        ) : (
          <Price value={priceOf(b)} format={format} flash={flash} commission={b.isDfs ? 0 : b.commission} />
        )}
      </td>
      <td className={evClass(b.evPct)}>{evText(b.evPct)}</td>
      <td className="hold" data-testid="mini-hold">
        {holdText(b.hold)}
      </td>
      <td className="muted">{age}</td>
    </tr>
  );
});

/** One book of a combined prop's mini table, both sides (memoised as BookLine). */
export const PropBookLine = memo(function PropBookLine({
  book,
  title,
  over,
  under,
  format,
  overFlash,
  underFlash,
  age,
}: {
  book: string;
  title: string;
  over: BookPrice | undefined;
  under: BookPrice | undefined;
  format: OddsDisplayFormat;
  overFlash: Direction | null;
  underFlash: Direction | null;
  age: string;
}) {
  const side = (b: BookPrice | undefined, flash: Direction | null) =>
    b ? (
      b.locked ? (
        <span className="locked">Locked</span>
      ) : (
        <Price value={priceOf(b)} format={format} flash={flash} commission={b.isDfs ? 0 : b.commission} />
      )
    ) : (
      '—'
    );
  return (
    <tr>
      <td>
        {title}
        <OpenInBook book={book} title={title} link={(over ?? under)?.link} compact />
      </td>
      <td>{side(over, overFlash)}</td>
      <td>{side(under, underFlash)}</td>
      <td className="muted">{age}</td>
    </tr>
  );
});
