import { isCalendarDay } from './game-day';

describe('a day as YYYY-MM-DD', () => {
  it('is a day of the calendar, from 1970', () => {
    expect(['2024-02-29', '2022-08-26', '1970-01-01', '9999-12-31'].filter(isCalendarDay)).toHaveLength(4);
    expect(
      ['2023-02-29', '2024-02-30', '2022-13-01', '2022-04-31', '0000-01-01', '1969-12-31'].filter(isCalendarDay),
    ).toEqual([]);
    expect(['20220826', '2022-8-26', '26/08/2022', ' 2022-08-26', ''].filter(isCalendarDay)).toEqual([]);
  });
});
