import { closingLineFor, closingLineValue, ClosingPrice } from './closing-line';

const closes: ClosingPrice[] = [
  { bookmaker_key: 'draftkings', market_key: 'h2h', outcome_name: 'Kansas City Chiefs', point: null, price: 1.5 },
  { bookmaker_key: 'draftkings', market_key: 'h2h', outcome_name: 'Buffalo Bills', point: null, price: 2.7 },
  { bookmaker_key: 'fanduel', market_key: 'h2h', outcome_name: 'Kansas City Chiefs', point: null, price: 1.52 },
  { bookmaker_key: 'fanduel', market_key: 'h2h', outcome_name: 'Buffalo Bills', point: null, price: 2.6 },
  { bookmaker_key: 'pinnacle', market_key: 'h2h', outcome_name: 'Kansas City Chiefs', point: null, price: 1.55 },
  { bookmaker_key: 'pinnacle', market_key: 'h2h', outcome_name: 'Buffalo Bills', point: null, price: 2.65 },
  { bookmaker_key: 'draftkings', market_key: 'spreads', outcome_name: 'Kansas City Chiefs', point: -3.5, price: 1.909 },
  { bookmaker_key: 'draftkings', market_key: 'spreads', outcome_name: 'Buffalo Bills', point: 3.5, price: 1.909 },
  { bookmaker_key: 'draftkings', market_key: 'totals', outcome_name: 'Over', point: 47.5, price: 1.95 },
  { bookmaker_key: 'draftkings', market_key: 'totals', outcome_name: 'Under', point: 47.5, price: 1.87 },
];

// Closing-line value from the odds history — the same book's close, else the fair close.
describe('closingLineFor', () => {
  it("takes the pick's own book, same side, same line", () => {
    expect(closingLineFor({ market: 'Moneyline', selection: 'Chiefs -200', bookmaker: 'fanduel' }, closes)).toEqual({
      decimal: 1.52,
      source: 'book',
    });
    expect(
      closingLineFor({ market: 'Spread', selection: 'Buffalo Bills +3.5', bookmaker: 'draftkings' }, closes),
    ).toEqual({ decimal: 1.909, source: 'book' });
    expect(closingLineFor({ market: 'Totals', selection: 'Under 47.5', bookmaker: 'draftkings' }, closes)).toEqual({
      decimal: 1.87,
      source: 'book',
    });
  });

  it('falls back to the fair line: multiplicative de-vig per book, weighted median (spec 001 §5 weights)', () => {
    const close = closingLineFor(
      { market: 'Moneyline', selection: 'Kansas City Chiefs', bookmaker: 'bovada' },
      closes,
    )!;
    // Chiefs fair probability per book: DK (1/1.5)/(1/1.5+1/2.7) = 0.642857, FD 0.631068, Pinnacle 0.630952;
    // weights DK 1.5, FD 1.5, Pinnacle 3: Pinnacle alone reaches exactly half the weight, so the median is the
    // mean of Pinnacle's and the next value up (FanDuel's): (0.630952 + 0.631068) / 2 = 0.631010.
    expect(close.source).toBe('fair');
    expect(1 / close.decimal).toBeCloseTo(0.63101, 5);
  });

  it('does not compare different lines, and gives null when nothing closed', () => {
    expect(
      closingLineFor({ market: 'Spread', selection: 'Buffalo Bills +7', bookmaker: 'draftkings' }, closes),
    ).toBeNull();
    expect(
      closingLineFor({ market: 'Player Props', selection: 'Mahomes over', bookmaker: 'draftkings' }, closes),
    ).toBeNull();
    expect(closingLineFor({ market: 'Moneyline', selection: 'Chiefs', bookmaker: null }, [])).toBeNull();
  });
});

// A draw-no-bet pick returns the stake on a draw, so it is priced far shorter than the same team in the 1X2 (h2h) market:
// its close is the draw-no-bet market's, never the 1X2's (+180 against a +110 taken read as a CLV of −25%).
describe('closingLineFor — draw no bet', () => {
  const soccer: ClosingPrice[] = [
    { bookmaker_key: 'draftkings', market_key: 'h2h', outcome_name: 'Atlanta United FC', point: null, price: 2.8 },
    { bookmaker_key: 'draftkings', market_key: 'h2h', outcome_name: 'Draw', point: null, price: 3.4 },
    { bookmaker_key: 'draftkings', market_key: 'h2h', outcome_name: 'Philadelphia Union', point: null, price: 2.6 },
    { bookmaker_key: 'fanduel', market_key: 'h2h', outcome_name: 'Atlanta United FC', point: null, price: 2.75 },
    { bookmaker_key: 'fanduel', market_key: 'h2h', outcome_name: 'Draw', point: null, price: 3.5 },
    { bookmaker_key: 'fanduel', market_key: 'h2h', outcome_name: 'Philadelphia Union', point: null, price: 2.65 },
  ];
  const pick = {
    market: 'Draw No Bet',
    selection: 'Atlanta United FC',
    bookmaker: 'draftkings',
    sport: 'soccer_usa_mls',
  };

  it('is not the 1X2 close, at the same book or fair', () => {
    expect(closingLineFor(pick, soccer)).toBeNull();
    expect(closingLineFor({ ...pick, bookmaker: 'bovada' }, soccer)).toBeNull();
  });

  it("is the draw-no-bet market's own close when there is one", () => {
    const dnb: ClosingPrice[] = [
      ...soccer,
      {
        bookmaker_key: 'draftkings',
        market_key: 'draw_no_bet',
        outcome_name: 'Atlanta United FC',
        point: null,
        price: 2.05,
      },
      {
        bookmaker_key: 'draftkings',
        market_key: 'draw_no_bet',
        outcome_name: 'Philadelphia Union',
        point: null,
        price: 1.8,
      },
    ];
    expect(closingLineFor(pick, dnb)).toEqual({ decimal: 2.05, source: 'book' });
  });
});

// A hockey three-way (regulation-time) pick is decided on the 60 minutes, a tie then its draw: the two-way h2h close,
// which counts overtime, is far shorter (+135 taken against a close of -145 read as a CLV of about +40%).
describe('closingLineFor — regulation-time markets outside soccer', () => {
  const hockey: ClosingPrice[] = [
    { bookmaker_key: 'draftkings', market_key: 'h2h', outcome_name: 'Pittsburgh Penguins', point: null, price: 1.69 },
    { bookmaker_key: 'draftkings', market_key: 'h2h', outcome_name: 'Columbus Blue Jackets', point: null, price: 2.25 },
    { bookmaker_key: 'fanduel', market_key: 'h2h', outcome_name: 'Pittsburgh Penguins', point: null, price: 1.67 },
    { bookmaker_key: 'fanduel', market_key: 'h2h', outcome_name: 'Columbus Blue Jackets', point: null, price: 2.3 },
  ];

  it.each(['3-Way Moneyline', 'h2h_3_way', 'Regulation Time Moneyline'])(
    '%s is not the two-way close, at the same book or fair',
    (market) => {
      const pick = { market, selection: 'Pittsburgh Penguins +135', bookmaker: 'draftkings', sport: 'icehockey_nhl' };
      expect(closingLineFor(pick, hockey)).toBeNull();
      expect(closingLineFor({ ...pick, bookmaker: 'bovada' }, hockey)).toBeNull();
    },
  );

  it("the full-game moneyline, and soccer's 1X2, are still their h2h close", () => {
    const moneyline = { market: 'Moneyline', selection: 'Pittsburgh Penguins', bookmaker: 'draftkings' };
    expect(closingLineFor({ ...moneyline, sport: 'icehockey_nhl' }, hockey)).toEqual({ decimal: 1.69, source: 'book' });
    const soccer: ClosingPrice[] = [
      { bookmaker_key: 'draftkings', market_key: 'h2h', outcome_name: 'Atlanta United FC', point: null, price: 2.8 },
      { bookmaker_key: 'draftkings', market_key: 'h2h', outcome_name: 'Draw', point: null, price: 3.4 },
      { bookmaker_key: 'draftkings', market_key: 'h2h', outcome_name: 'Philadelphia Union', point: null, price: 2.6 },
    ];
    const oneX2 = { market: '1X2', selection: 'Atlanta United FC', bookmaker: 'draftkings', sport: 'soccer_usa_mls' };
    expect(closingLineFor(oneX2, soccer)).toEqual({ decimal: 2.8, source: 'book' });
  });
});

describe('closingLineValue', () => {
  it('is positive when the taken price beat the close', () => {
    expect(closingLineValue(2.0, 1.909)).toBeCloseTo(4.767, 3);
    expect(closingLineValue(1.8, 2.0)).toBeCloseTo(-10, 9);
  });
});
