import { createHmac } from 'node:crypto';
import { alertSummary } from '@oddspulse/shared';
import { arbitrageOpportunity } from '../../../shared/src/testing/alert-opportunities';
import { signBody, webhookBody } from './webhook-channel';

// Webhook JSON that Discord and Slack incoming webhooks accept, signed with the user's secret.
describe('webhook channel', () => {
  it('gives Discord `content` and Slack `text`, with a link that opens the opportunity', () => {
    const body = webhookBody(alertSummary(arbitrageOpportunity()), 'rule-1', 7, 'https://oddspulse.example');
    expect(body.content).toBe(body.text);
    expect(body.content).toMatch(/^Arbitrage 2\.5%: Boston Celtics @ Los Angeles Lakers \(h2h\): /);
    expect(body.content.endsWith('\nhttps://oddspulse.example/sportsbooks?mode=arbitrage&q=Los%20Angeles%20Lakers&opportunity=arb-1')).toBe(true);
    expect(body.alert).toEqual(expect.objectContaining({ ruleId: 'rule-1', deliveryId: 7, kind: 'arbitrage', opportunityId: 'arb-1' }));
  });

  it('keeps `content` within Discord’s 2000 characters', () => {
    const long = { ...alertSummary(arbitrageOpportunity()), text: 'x'.repeat(5000) };
    expect(webhookBody(long, 'r', 1, 'https://o.example').content.length).toBeLessThanOrEqual(2000);
  });

  it('signs the raw body with HMAC-SHA256 under the secret', () => {
    expect(signBody('{"a":1}', 'whsec_test')).toBe(`sha256=${createHmac('sha256', 'whsec_test').update('{"a":1}').digest('hex')}`);
  });
});
