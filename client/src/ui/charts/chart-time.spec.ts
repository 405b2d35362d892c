import { axisWidth } from './axis-size';
import { byInstant, MIN_TIME_SPAN_SECONDS, timeAxisRange, timeTickLabel } from './chart-time';

const NOV_28 = Date.UTC(2026, 10, 28, 4, 10) / 1000;

// A new user's one settled pick drew a time axis from Jan 2027 to Jul 2029
describe('a time axis’s range', () => {
  it('pads a single instant to the day around it', () => {
    expect(timeAxisRange(NOV_28, NOV_28)).toEqual([NOV_28 - 43_200, NOV_28 + 43_200]);
  });

  it('widens a span under a day to a day around its middle, and keeps a longer one', () => {
    expect(timeAxisRange(NOV_28, NOV_28 + 0.12)).toEqual([NOV_28 + 0.06 - 43_200, NOV_28 + 0.06 + 43_200]);
    expect(timeAxisRange(NOV_28, NOV_28 + 3 * MIN_TIME_SPAN_SECONDS)).toEqual([
      NOV_28,
      NOV_28 + 3 * MIN_TIME_SPAN_SECONDS,
    ]);
  });
});

describe('points by instant', () => {
  it('groups the points of one second, in order', () => {
    const points = [
      { id: 'a', at: NOV_28 },
      { id: 'b', at: NOV_28 + 0.12 },
      { id: 'c', at: NOV_28 + 60 },
    ];
    expect(byInstant(points, (p) => p.at)).toEqual([
      { time: NOV_28, points: [points[0], points[1]] },
      { time: NOV_28 + 60, points: [points[2]] },
    ]);
    expect(byInstant([], () => 0)).toEqual([]);
  });
});

// A y label read ".,000.00": the axis was 64 px whatever its labels
describe('a value axis’s width', () => {
  it('fits its widest label beside its ticks, clear of the edge', () => {
    const measure = (label: string) => label.length * 7;
    expect(axisWidth(['$5,000.00', '$15,000.00', '−$1.00'], measure, 10, 5)).toBe(89);
    expect(axisWidth([], measure, 10, 5)).toBe(19);
  });
});

describe('a time axis’s tick labels', () => {
  const at = new Date(2026, 10, 28, 16, 17, 30).getTime() / 1000;

  it('show seconds, minutes or the day as the ticks are apart', () => {
    expect(timeTickLabel(at, 30)).toBe('4:17:30 PM');
    expect(timeTickLabel(at, 600)).toBe('4:17 PM');
    expect(timeTickLabel(at, 86_400)).toBe('Nov 28');
  });
});
