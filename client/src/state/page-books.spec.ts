import { linkedBooks, pageBookChoice, pageBooks } from './page-books';

const SAVED = ['draftkings', 'fanduel', 'betmgm', 'williamhill_us', 'pinnacle', 'novig'];

// DECISIONS 36: a page starts from the saved books; a pick is that page's view; Reset returns to the saved books
describe("a page's books", () => {
  it('are the starting books until the page picks others', () => {
    expect(pageBooks(null, SAVED)).toBe(SAVED);
    expect(pageBooks(['pinnacle'], SAVED)).toEqual(['pinnacle']);
  });

  it('keep a pick that differs from the starting books', () => {
    expect(pageBookChoice(['pinnacle'], SAVED)).toEqual(['pinnacle']);
    expect(pageBookChoice([], SAVED)).toEqual([]);
  });

  it('follow the starting books again when the pick is the starting books (Reset), in any order', () => {
    expect(pageBookChoice([...SAVED].reverse(), SAVED)).toBeNull();
    expect(pageBooks(pageBookChoice(SAVED, SAVED), ['pinnacle'])).toEqual(['pinnacle']);
  });
});

// An alert's link adds its bet's book to the view it opens, so the bet shows; Reset returns to the saved books alone
describe("a link's books", () => {
  it('are added to the starting books, once', () => {
    expect(linkedBooks(SAVED, ['bovada', 'pinnacle'])).toEqual([...SAVED, 'bovada']);
    expect(linkedBooks(SAVED, ['pinnacle'])).toBe(SAVED);
    expect(linkedBooks(SAVED, [])).toBe(SAVED);
  });
});
