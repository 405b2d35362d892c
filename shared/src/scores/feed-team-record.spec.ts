import { feedTeamRecord } from './feed-team-record';

describe('feedTeamRecord', () => {
  it('reads a row into the record of the fields the feed gave, the empty ones left out', () => {
    expect(feedTeamRecord(['Baylor Bears', 'Baylor', 'Bears', 'BAY', 'Bears'])).toEqual({
      name: 'Baylor Bears',
      location: 'Baylor',
      nickname: 'Bears',
      abbreviation: 'BAY',
      short: 'Bears',
    });
    expect(feedTeamRecord(['Arizona Wildcats'])).toStrictEqual({ name: 'Arizona Wildcats' });
    expect(feedTeamRecord(['Baylor Bears', '', 'Bears', 'BAY'])).toStrictEqual({
      name: 'Baylor Bears',
      nickname: 'Bears',
      abbreviation: 'BAY',
    });
  });

  it('refuses a row without a name or with more fields than a record has', () => {
    expect(() => feedTeamRecord([])).toThrow('Not a feed team row: []');
    expect(() => feedTeamRecord(['', 'Baylor'])).toThrow('Not a feed team row');
    expect(() => feedTeamRecord(['Baylor Bears', 'Baylor', 'Bears', 'BAY', 'Bears', 'extra'])).toThrow(
      'Not a feed team row',
    );
  });
});
