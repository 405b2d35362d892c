import { randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { alertSummary } from '@oddspulse/shared';
import { alertArbitrage } from '@oddspulse/shared/testing';
import { signatureHeaders, webhookBody, webhookId } from './webhook-channel';

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

// Webhook JSON that Discord and Slack incoming webhooks accept, signed in the Standard Webhooks format and checked
// here with that library's verifier, as a receiver would.
describe('webhook channel', () => {
  it('gives Discord `content` and Slack `text`, with a link that opens the opportunity', () => {
    const body = webhookBody(alertSummary(alertArbitrage()), 'rule-1', 7, 'https://oddspulse.example');
    expect(body.content).toBe(body.text);
    expect(body.content).toMatch(/^Arbitrage 2\.5%: Boston Celtics @ Los Angeles Lakers \(Moneyline\): /);
    expect(
      body.content.endsWith(
        '\nhttps://oddspulse.example/sportsbooks?mode=arbitrage&sport=basketball_nba&market=h2h&books=draftkings,fanduel&q=Los%20Angeles%20Lakers&opportunity=arb-1',
      ),
    ).toBe(true);
    expect(body.alert).toEqual(
      expect.objectContaining({ ruleId: 'rule-1', deliveryId: 7, kind: 'arbitrage', opportunityId: 'arb-1' }),
    );
  });

  it('keeps `content` within Discord’s 2000 characters', () => {
    const long = { ...alertSummary(alertArbitrage()), text: 'x'.repeat(5000) };
    expect(webhookBody(long, 'r', 1, 'https://o.example').content.length).toBeLessThanOrEqual(2000);
  });

  describe('Standard Webhooks signature', () => {
    const raw = JSON.stringify(webhookBody(alertSummary(alertArbitrage()), 'rule-1', 7, 'https://oddspulse.example'));

    it('verifies with the library under the user’s secret and gives back the body', () => {
      const secret = newSecret();
      const headers = signatureHeaders(webhookId(7), new Date(), raw, [secret]);
      expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
      expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(new Webhook(secret).verify(raw, headers)).toEqual(JSON.parse(raw));
    });

    it('is refused under another secret, or when the body or the id was changed', () => {
      const secret = newSecret();
      const headers = signatureHeaders(webhookId(7), new Date(), raw, [secret]);
      expect(() => new Webhook(newSecret()).verify(raw, headers)).toThrow(WebhookVerificationError);
      expect(() => new Webhook(secret).verify(raw.replace('2.5%', '9.5%'), headers)).toThrow(
        'No matching signature found',
      );
      expect(() => new Webhook(secret).verify(raw, { ...headers, 'webhook-id': webhookId(8) })).toThrow(
        'No matching signature found',
      );
    });

    it('is refused once its timestamp is older than the verifier’s five minutes: a captured delivery cannot be replayed', () => {
      const secret = newSecret();
      const sixMinutesAgo = new Date(Date.now() - 6 * 60_000);
      const old = signatureHeaders(webhookId(7), sixMinutesAgo, raw, [secret]);
      expect(() => new Webhook(secret).verify(raw, old)).toThrow('Message timestamp too old');
      const fourMinutesAgo = new Date(Date.now() - 4 * 60_000);
      expect(new Webhook(secret).verify(raw, signatureHeaders(webhookId(7), fourMinutesAgo, raw, [secret]))).toEqual(
        JSON.parse(raw),
      );
    });

    it('carries one signature per secret, so a receiver holding the new or the replaced secret verifies', () => {
      const [current, replaced] = [newSecret(), newSecret()];
      const headers = signatureHeaders(webhookId(7), new Date(), raw, [current, replaced]);
      expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
      expect(new Webhook(current).verify(raw, headers)).toEqual(JSON.parse(raw));
      expect(new Webhook(replaced).verify(raw, headers)).toEqual(JSON.parse(raw));
      expect(() => new Webhook(newSecret()).verify(raw, headers)).toThrow(WebhookVerificationError);
    });
  });
});
