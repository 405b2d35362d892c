import type { Plan } from './accounts/plans';

/**
 * Premium support (sold with Platinum, and nowhere to be found): a signed-in user's request goes to the
 * support address, a Platinum user's marked priority, and the user gets an acknowledgement. Signed-in only: an
 * acknowledgement to an address typed into a public form would make the form a relay for mail to strangers.
 */
export const SUPPORT_LIMITS = { subject: 120, message: 5000 } as const;

export const SupportMessages = {
  sent: 'Thanks: your message is with our support team. A copy is on its way to your email.',
  sentPriority:
    'Thanks: your message is with our support team, marked priority for Platinum. A copy is on its way to your email.',
  unavailable: 'Support mail cannot be sent right now. Please try again shortly.',
} as const;

export interface SupportRequest {
  subject: string;
  message: string;
}

export interface SupportSender {
  userId: string;
  email: string;
  plan: Plan;
}

export interface SupportMail {
  to: string;
  subject: string;
  text: string;
}

/** Platinum requests are priority (the plan sells "Premium support"); every other plan's are ordinary. */
export const isPrioritySupport = (plan: Plan) => plan === 'platinum';

/** The mail to the support address and the acknowledgement to the user, for one request. */
export function supportMails(
  request: SupportRequest,
  sender: SupportSender,
  supportAddress: string,
  now: Date,
): { toSupport: SupportMail; acknowledgement: SupportMail } {
  const priority = isPrioritySupport(sender.plan);
  const subject = request.subject.trim();
  return {
    toSupport: {
      to: supportAddress,
      subject: `${priority ? '[Priority] ' : ''}[${sender.plan}] ${subject}`,
      text: [
        `From: ${sender.email} (user ${sender.userId}, ${sender.plan} plan${priority ? ', priority' : ''})`,
        `Sent: ${now.toISOString()}`,
        '',
        request.message.trim(),
      ].join('\n'),
    },
    acknowledgement: {
      to: sender.email,
      subject: `We received your message: ${subject}`,
      text: [
        priority
          ? 'Thanks for writing. Your request is with our support team, marked priority as part of your Platinum plan.'
          : 'Thanks for writing. Your request is with our support team.',
        'We reply to this address. Your message:',
        '',
        request.message.trim(),
      ].join('\n'),
    },
  };
}
