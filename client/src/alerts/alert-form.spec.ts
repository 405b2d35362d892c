import type { AlertRule } from '@oddspulse/shared';
import { describeRule, formOf, inputOf } from './alert-form';

const rule: AlertRule = {
  id: 'r1',
  kind: 'arbitrage',
  min: 1.5,
  sports: ['basketball_nba'],
  books: ['draftkings', 'fanduel'],
  maxLegAgeSeconds: 60,
  quietHours: { start: 22 * 60, end: 7 * 60, timeZone: 'Europe/Paris' },
  webhookUrl: 'https://example.com/hook',
  push: true,
  email: false,
  webhookDisabledAt: null,
  notice: null,
  createdAt: '2026-01-10T18:00:00Z',
};

// The form reads a rule and gives back its input
describe('alert rule form', () => {
  it('reads a rule into the form and back', () => {
    expect(inputOf(formOf(rule, 'ev'))).toEqual({
      kind: 'arbitrage',
      min: 1.5,
      sports: ['basketball_nba'],
      books: ['draftkings', 'fanduel'],
      maxLegAgeSeconds: 60,
      quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Paris' },
      webhookUrl: 'https://example.com/hook',
      push: true,
      email: false,
    });
  });

  it('starts a new rule at 20 % for middles, 1 % otherwise, without quiet hours', () => {
    expect(formOf(null, 'middle').min).toBe('20');
    expect(inputOf(formOf(null, 'ev'))).toMatchObject({
      kind: 'ev',
      min: 1,
      quietHours: null,
      webhookUrl: null,
      maxLegAgeSeconds: null,
    });
  });

  it('sums a rule up in one line', () => {
    expect(describeRule(rule)).toBe(
      'Arbitrage ≥ 1.5% · NBA · 2 books · legs ≤ 60s old · quiet 22:00–07:00 Europe/Paris · by webhook, push',
    );
  });
});
