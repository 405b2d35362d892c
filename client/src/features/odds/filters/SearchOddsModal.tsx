import { useState, type FormEvent } from 'react';
import { Modal } from '../../../ui/Modal';
import { SearchInput } from '../../../ui/SearchInput';

/**
 * The mobile search modal (spec 001 §2): titled 'Search Odds', with tips (team names, markets, combinations),
 * a Search button and Clear All. Search sets the page's search text (`q`); Clear All empties it.
 */
export function SearchOddsModal({
  initial,
  onSearch,
  onClose,
}: {
  initial: string;
  onSearch: (text: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
    onClose();
  };
  return (
    <Modal title="Search Odds" onClose={onClose} testId="search-odds">
      <form className="search-odds" role="search" onSubmit={submit}>
        <SearchInput label="Search odds" placeholder="Team, player or market" value={text} onChange={setText} />
        <div className="search-tips">
          <p className="small">Search tips</p>
          <ul className="muted small">
            <li>
              <strong>Team names:</strong> “Celtics”, “Kansas City”
            </li>
            <li>
              <strong>Markets:</strong> “spreads”, “totals”, “points”
            </li>
            <li>
              <strong>Combinations:</strong> “Celtics spreads”, “Tatum points”
            </li>
          </ul>
        </div>
        <div className="actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            Clear All
          </button>
          <button type="submit" className="button primary">
            Search
          </button>
        </div>
      </form>
    </Modal>
  );
}
