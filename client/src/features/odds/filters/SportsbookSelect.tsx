import { useAtom } from 'jotai';
import { usePlanSportsbooks } from '../../../state/sportsbook-rules';
import { MultiSelect } from '../../../ui/MultiSelect';
import { favoriteBooksAtom } from '../odds-state';

/** Sportsbook categories of the dropdown (spec 001 §3). Caesars is williamhill_us in the catalogue. */
export const BOOK_CATEGORIES = [
  { label: 'Popular', values: ['draftkings', 'fanduel', 'betmgm', 'williamhill_us', 'pointsbetus'] },
  { label: 'DFS', values: ['prizepicks', 'underdog', 'pick6', 'dabble_au', 'sleeper'] },
  { label: 'Exchanges', values: ['novig', 'prophetx', 'rebet'] },
  { label: 'Premium', values: ['pinnacle', 'circasports', 'superbook', 'westgate'] },
] as const;

/** The sportsbooks dropdown: categories and favourites (spec 001 §2, §3); no book chosen filters nothing, so it reads "All". */
export function SportsbookSelect({
  selected,
  onChange,
}: {
  selected: readonly string[];
  onChange: (books: string[]) => void;
}) {
  const [favorites, setFavorites] = useAtom(favoriteBooksAtom);
  const bookOptions = usePlanSportsbooks().map((b) => ({
    value: b.key,
    label: b.name,
    group: b.isDFS ? 'DFS' : b.isExchange ? 'Exchange' : b.offshore ? 'Offshore' : undefined,
  }));
  return (
    <MultiSelect
      label="Sportsbooks"
      options={bookOptions}
      selected={selected}
      onChange={onChange}
      categories={BOOK_CATEGORIES}
      favorites={favorites}
      onToggleFavorite={(key) =>
        setFavorites(favorites.includes(key) ? favorites.filter((f) => f !== key) : [...favorites, key])
      }
      noneMeans="All"
    />
  );
}
