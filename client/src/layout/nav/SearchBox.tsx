import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SearchInput } from '../../ui/SearchInput';

/**
 * The navbar's search box (spec 000 §2): only on /sportsbooks, and submitting writes q into the URL. Below 768 px
 * it sits in the hamburger menu with the navbar's other items, beside the odds page's own Search Odds modal
 * (001 §2), instead of taking a row of the bar.
 */
export function SearchBox({ onSubmitted }: { onSubmitted?: () => void }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  // The box follows the URL when q changes (Back, a link), never on mount: effects run after the paint, so a mount
  // effect setting q again could wipe what was typed the moment the box appeared.
  const shownQ = useRef(q);
  useEffect(() => {
    if (shownQ.current === q) return;
    shownQ.current = q;
    setText(q);
  }, [q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (text.trim()) next.set('q', text.trim());
    else next.delete('q');
    setParams(next);
    onSubmitted?.();
  };
  return (
    <form className="nav-search" role="search" onSubmit={submit}>
      <SearchInput label="Search sports" placeholder="Search sports..." value={text} onChange={setText} />
    </form>
  );
}
