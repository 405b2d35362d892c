import { resolveBookLink, sportsbookName } from '@oddspulse/shared';

/**
 * "Open in <book>" (spec 001 §7): the price's link as the board settled it (bet slip, market or book),
 * checked once more here to be http(s) on the book's own site, else the book's site; nothing for a book with neither.
 * A new tab, without an opener; a click never also toggles the row it sits in.
 */
export function OpenInBook({
  book,
  link,
  title,
  compact = false,
}: {
  book: string;
  link?: string;
  title?: string;
  compact?: boolean;
}) {
  const target = resolveBookLink(book, { betslip: link });
  if (!target) return null;
  const label = `Open in ${sportsbookName(book, title)}`;
  return (
    <a
      className={`open-in-book${compact ? ' compact' : ''}`}
      href={target.url}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="open-in-book"
      data-book={book}
      aria-label={label}
      title={label}
      onClick={(event) => event.stopPropagation()}
    >
      {/* compact: an arrow drawn by CSS, so the cell's text stays the book's name; the label names the link */}
      {compact ? null : label}
    </a>
  );
}
