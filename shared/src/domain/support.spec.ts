import { isPrioritySupport, supportMails } from './support';

// Premium support, sold with Platinum: a request mails the support address, Platinum marked priority, with an acknowledgement
describe('supportMails', () => {
  const now = new Date('2026-11-23T05:00:00Z');
  const request = { subject: '  Odds stuck  ', message: 'The NBA board has not moved for ten minutes.\n' };

  it('marks a Platinum request priority and acknowledges it to the user', () => {
    const { toSupport, acknowledgement } = supportMails(
      request,
      { userId: 'u1', email: 'pat@example.com', plan: 'platinum' },
      'support@oddspulse.local',
      now,
    );
    expect(toSupport).toEqual({
      to: 'support@oddspulse.local',
      subject: '[Priority] [platinum] Odds stuck',
      text: 'From: pat@example.com (user u1, platinum plan, priority)\nSent: 2026-11-23T05:00:00.000Z\n\nThe NBA board has not moved for ten minutes.',
    });
    expect(acknowledgement.to).toBe('pat@example.com');
    expect(acknowledgement.subject).toBe('We received your message: Odds stuck');
    expect(acknowledgement.text).toContain('marked priority as part of your Platinum plan');
  });

  it('sends other plans as ordinary requests', () => {
    expect(isPrioritySupport('gold')).toBe(false);
    expect(isPrioritySupport('free')).toBe(false);
    const { toSupport, acknowledgement } = supportMails(
      request,
      { userId: 'u2', email: 'g@example.com', plan: 'gold' },
      'help@x',
      now,
    );
    expect(toSupport.subject).toBe('[gold] Odds stuck');
    expect(acknowledgement.text).not.toContain('priority');
  });
});
