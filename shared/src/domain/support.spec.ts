import { isPrioritySupport, supportMails } from './support';

// Premium support, sold with Platinum: a request mails the support address, Platinum marked priority, Reply-To the
// user, with an acknowledgement that never repeats what the user wrote
describe('supportMails', () => {
  const now = new Date('2026-11-23T05:00:00Z');
  const request = { subject: '  Odds stuck  ', message: 'The NBA board has not moved for ten minutes.\n' };

  it("marks a Platinum request priority, replies to the user, and acknowledges it in the product's words only", () => {
    const { toSupport, acknowledgement } = supportMails(
      request,
      { userId: 'u1', email: 'pat@example.com', plan: 'platinum', verified: true },
      'support@oddspulse.local',
      now,
    );
    expect(toSupport).toEqual({
      to: 'support@oddspulse.local',
      replyTo: 'pat@example.com',
      subject: '[Priority] [platinum] Odds stuck',
      text: 'From: pat@example.com (user u1, platinum plan, priority)\nSent: 2026-11-23T05:00:00.000Z\n\nThe NBA board has not moved for ten minutes.',
    });
    expect(acknowledgement.subject).toBe('We received your support request');
    expect(acknowledgement.text).toContain('marked priority as part of your Platinum plan');
    expect(JSON.stringify(acknowledgement)).not.toMatch(/Odds stuck|NBA board/);
  });

  it('sends other plans as ordinary requests, and tells support an address that is not verified', () => {
    expect(isPrioritySupport('gold')).toBe(false);
    expect(isPrioritySupport('free')).toBe(false);
    const { toSupport, acknowledgement } = supportMails(
      request,
      { userId: 'u2', email: 'g@example.com', plan: 'gold', verified: false },
      'help@x',
      now,
    );
    expect(toSupport.subject).toBe('[gold] Odds stuck');
    expect(toSupport.text.split('\n')[0]).toBe('From: g@example.com (not verified) (user u2, gold plan)');
    expect(acknowledgement.text).not.toContain('priority');
  });
});
