import { Injectable } from '@nestjs/common';
import type { RateLimitDecision } from '@oddspulse/core';
import { addressGroup } from './client-address';
import { ACCOUNT_LOCK_MAX_SECONDS, HttpRateLimits } from './rate-limits.service';

/** The first lock of an account past its allowance of failed sign-ins; each failure after it locks twice as long. */
export const ACCOUNT_LOCK_BASE_SECONDS = 60;

/** How long the `excess`th failed sign-in past an account's allowance locks it: 1 minute, doubling, 1 hour at most. */
export function accountLockSeconds(excess: number): number {
  return Math.min(ACCOUNT_LOCK_MAX_SECONDS, ACCOUNT_LOCK_BASE_SECONDS * 2 ** Math.min(Math.max(excess - 1, 0), 16));
}

/** A sign-in attempt let through to its password check: what it spent, given back if the password is right. */
export interface LoginTicket {
  readonly pair: string;
  readonly address: string;
  readonly email: string;
}

/**
 * Brute-force protection of sign-in (DECISIONS 8), in three limits spent before the password is checked, each one
 * atomic step in Redis, so a burst of parallel attempts gets exactly what the limits allow checked:
 * - per address and email, and per address alone (five times as many), an IPv6 address counted with its /64;
 * - per email from any addresses: RATE_LIMIT_LOGIN_ACCOUNT_MAX failures in its window, then each attempt must take
 *   the account's lock, which it holds for accountLockSeconds of its excess, growing with every failure; no number
 *   of addresses gets more than one password checked per lock. Counted by email whether or not it has an account,
 *   so a lock tells nobody which addresses do. A password reset clears it, so the owner signs in again at once.
 * A right password gives its points back: only failures count.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly limits: HttpRateLimits) {}

  /** Spends an attempt's points: the ticket to check its password with, or the seconds to wait (429's Retry-After). */
  async attempt(clientAddress: string, email: string): Promise<LoginTicket | { retryAfter: number }> {
    const address = addressGroup(clientAddress);
    const ticket: LoginTicket = { pair: `${address}|${email}`, address, email };
    const [pair, byAddress, failures] = await Promise.all([
      this.limits.loginAccount.consume(ticket.pair),
      this.limits.loginAddress.consume(address),
      this.limits.loginEmailFailures.consume(email),
    ]);
    const refused = [pair, byAddress].filter((decision) => !decision.allowed);
    if (refused.length) {
      await this.limits.loginEmailFailures.refund(email, 1);
      return { retryAfter: longest(refused) };
    }
    if (failures.allowed) return ticket;
    const lock = await this.limits.loginEmailLock.consume(email);
    if (!lock.allowed) {
      // refused unchecked: only checked failures make the lock grow
      await this.limits.loginEmailFailures.refund(email, 1);
      return { retryAfter: lock.retryAfter };
    }
    const excess = failures.consumed - this.limits.loginEmailFailures.options.points;
    await this.limits.loginEmailLock.block(email, accountLockSeconds(excess));
    return ticket;
  }

  /** The password was right: the attempt's points are given back. */
  async succeeded(ticket: LoginTicket): Promise<void> {
    await Promise.all([
      this.limits.loginAccount.refund(ticket.pair, 1),
      this.limits.loginAddress.refund(ticket.address, 1),
      this.limits.loginEmailFailures.refund(ticket.email, 1),
    ]);
  }

  /** The account's password was reset through its mailbox: its failures and lock are forgotten. */
  async cleared(email: string): Promise<void> {
    await Promise.all([this.limits.loginEmailFailures.forget(email), this.limits.loginEmailLock.forget(email)]);
  }
}

function longest(decisions: readonly RateLimitDecision[]): number {
  return Math.max(...decisions.map((decision) => decision.retryAfter));
}
