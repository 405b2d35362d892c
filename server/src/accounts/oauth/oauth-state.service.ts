import { Injectable } from '@nestjs/common';
import { OAuthStateRepository } from '@oddspulse/core';
import { randomToken, sha256 } from '../auth/crypto';

export type OAuthProvider = 'google' | 'apple';

/** Where the client goes after /auth/callback (spec 000 §2): an intent and a same-origin path. */
export interface OAuthReturn {
  returnTo: string | null;
  intent: 'upgrade' | 'start-free' | null;
}

const STATE_TTL_SECONDS = 600;
const LOGIN_CODE_TTL_SECONDS = 60;

/** Only a same-origin path: an absolute or protocol-relative URL would be an open redirect. */
export function safeReturnTo(value: unknown): string | null {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.includes('\\') ||
    value.length > 500
  )
    return null;
  return value;
}

export function safeIntent(value: unknown): OAuthReturn['intent'] {
  return value === 'upgrade' || value === 'start-free' ? value : null;
}

/**
 * OAuth state (CSRF protection of the provider round trip, carrying returnTo and intent) and the one-time
 * login codes the callback hands the client, all single use and short-lived in Redis so any process can
 * finish a flow another began. No long-lived token ever travels in a URL.
 */
@Injectable()
export class OAuthStateService {
  constructor(private readonly states: OAuthStateRepository) {}

  async createState(provider: OAuthProvider, ret: OAuthReturn): Promise<string> {
    const state = randomToken();
    await this.states.saveState(sha256(state), JSON.stringify({ provider, ...ret }), STATE_TTL_SECONDS);
    return state;
  }

  async consumeState(provider: OAuthProvider, state: unknown): Promise<OAuthReturn | null> {
    if (typeof state !== 'string' || !state) return null;
    const raw = await this.states.takeState(sha256(state));
    if (!raw) return null;
    const saved = JSON.parse(raw) as OAuthReturn & { provider: OAuthProvider };
    return saved.provider === provider ? { returnTo: saved.returnTo, intent: saved.intent } : null;
  }

  async createLoginCode(userId: string): Promise<string> {
    const code = randomToken();
    await this.states.saveLoginCode(sha256(code), userId, LOGIN_CODE_TTL_SECONDS);
    return code;
  }

  consumeLoginCode(code: string): Promise<string | null> {
    return this.states.takeLoginCode(sha256(code));
  }
}
