import type { Plan } from './accounts/plans';

/**
 * Premium support (sold with Platinum, and nowhere to be found): a signed-in user's request goes to the
 * support address, a Platinum user's marked priority, with the user's address to reply to (Reply-To), and the user gets
 * an acknowledgement once their address is verified. The acknowledgement never repeats what the user wrote: under the
 * product's name, a subject and message of the sender's choosing would make the form a relay for mail to strangers.
 */
export const SUPPORT_LIMITS = { subject: 120, message: 5000 } as const;

export const SupportMessages = {
  sent: 'Thanks: your message is with our support team. A confirmation is on its way to your email.',
  sentPriority:
    'Thanks: your message is with our support team, marked priority for Platinum. A confirmation is on its way to your email.',
  /** The address is not verified: nothing is mailed to it, support's reply included, until it is. */
  sentUnverified:
    'Thanks: your message is with our support team. Verify your email address (we sent you a link) so that we can write back to it.',
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
  /** Whether the address is proved the user's: support sees it, and only then is it acknowledged to. */
  verified: boolean;
}

/** The mail to the support address: the user's request, answered by replying to the user (Reply-To). */
export interface SupportMail {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
}

/** The acknowledgement to the user's own (verified) address: the product's words only. */
export interface SupportAcknowledgement {
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
): { toSupport: SupportMail; acknowledgement: SupportAcknowledgement } {
  const priority = isPrioritySupport(sender.plan);
  const subject = request.subject.trim();
  const address = sender.verified ? sender.email : `${sender.email} (not verified)`;
  return {
    toSupport: {
      to: supportAddress,
      replyTo: sender.email,
      subject: `${priority ? '[Priority] ' : ''}[${sender.plan}] ${subject}`,
      text: [
        `From: ${address} (user ${sender.userId}, ${sender.plan} plan${priority ? ', priority' : ''})`,
        `Sent: ${now.toISOString()}`,
        '',
        request.message.trim(),
      ].join('\n'),
    },
    acknowledgement: {
      subject: 'We received your support request',
      text: [
        priority
          ? 'Thanks for writing. Your request is with our support team, marked priority as part of your Platinum plan.'
          : 'Thanks for writing. Your request is with our support team.',
        `We received it at ${now.toISOString()} and reply to this address.`,
        '',
        'If you did not write to OddsPulse support, someone signed in to your account did: change your password.',
      ].join('\n'),
    },
  };
}
