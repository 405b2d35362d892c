import { DEFAULT_DEVIG_CHOICE, devigQuery, parseDevigChoice, toggleBlendMember } from './devig-choice';

// DECISIONS 10: every method selectable, a blend of chosen methods included
describe('de-vig choice', () => {
  it('reads a stored choice and falls back on anything unknown', () => {
    expect(parseDevigChoice('{"method":"jensen_shannon"}')).toEqual({
      method: 'jensen_shannon',
      blend: ['multiplicative', 'additive', 'power', 'shin'],
    });
    expect(parseDevigChoice('{"method":"blend","blend":["power","magic","power"]}')).toEqual({
      method: 'blend',
      blend: ['power'],
    });
    expect(parseDevigChoice('{"method":"magic"}')).toEqual(DEFAULT_DEVIG_CHOICE);
  });

  it('switches blend members but never empties the blend', () => {
    const one = { method: 'blend' as const, blend: ['power' as const] };
    expect(toggleBlendMember(one, 'power', false)).toBe(one);
    expect(toggleBlendMember(one, 'shin', true).blend).toEqual(['power', 'shin']);
  });

  it('asks the EV call for the method, and the blend only with a blend', () => {
    expect(devigQuery(DEFAULT_DEVIG_CHOICE)).toEqual({});
    expect(devigQuery({ method: 'shin', blend: ['power'] })).toEqual({ method: 'shin' });
    expect(devigQuery({ method: 'blend', blend: ['power', 'balanced_book'] })).toEqual({
      method: 'blend',
      blend: 'power,balanced_book',
    });
  });
});
