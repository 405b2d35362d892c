import { renderToStaticMarkup } from 'react-dom/server';
import { americanToDecimal } from '@oddspulse/shared';
import { BookLine } from './MiniTableLines';
import { OddsCell } from './OddsCells';
import type { BookPrice } from '../rows/rows';

// only Vite reads the logos' import.meta.glob (book-logos.ts)
jest.mock('./book-logos', () => ({ LOGOS: new Map() }));

const text = (html: string) => html.replace(/<[^>]*>/g, '').replace(/<!-- -->/g, '');
const price = (html: string) => text(/<span class="price[^"]*"[^>]*>(.*?)<\/span>/.exec(html)![1]);

// An exchange's price in the odds table is shown with what it pays net of the user's commission (commission.ts
// priceWithNet): "-135 (-138 net)" at 2 %, in the user's odds format; a book's price alone.
describe("the odds table's price at an exchange", () => {
  const d = americanToDecimal(-135);

  it('shows the best price at an exchange as "-135 (-138 net)" at 2 %, in every odds format', () => {
    const cell = (format: 'american' | 'decimal' | 'fractional') =>
      price(renderToStaticMarkup(<OddsCell price={d} commission={0.02} format={format} flash={null} age="now" />));
    expect(cell('american')).toBe('-135 (-138 net)');
    // 1.7407 pays 1 + 0.7407 × 0.98 = 1.7259 net
    expect(cell('decimal')).toBe('1.74 (1.73 net)');
    expect(cell('fractional')).toMatch(/^\S+ \(\S+ net\)$/);
  });

  it("shows a book's best price alone", () => {
    expect(
      price(renderToStaticMarkup(<OddsCell price={d} commission={0} format="american" flash={null} age="now" />)),
    ).toBe('-135');
  });

  it("shows each exchange's price net of its commission in the open row's books, and a book's alone", () => {
    const line = (b: Partial<BookPrice>) =>
      price(
        renderToStaticMarkup(
          <table>
            <tbody>
              <BookLine
                price={{
                  book: 'betfair_ex_uk',
                  title: 'Betfair',
                  decimal: d,
                  lastUpdate: '',
                  locked: false,
                  isDfs: false,
                  commission: 0.05,
                  evPct: null,
                  hold: null,
                  ...b,
                }}
                selected
                lowest={false}
                format="american"
                flash={null}
                age="now"
              />
            </tbody>
          </table>,
        ),
      );
    // Betfair's published 5 %: 1 + 0.7407 × 0.95 = 1.7037, -142
    expect(line({})).toBe('-135 (-142 net)');
    expect(line({ book: 'draftkings', title: 'DraftKings', commission: 0 })).toBe('-135');
  });
});
