import { Injectable } from '@nestjs/common';
import { OAuthStateRepository } from '@oddspulse/core';
import { randomToken, sha256 } from '../auth/crypto';

export type OAuthProvider = 'google' | 'apple';

/** Where the client goes after /auth/callback (spec 000 §2): an intent and a same-origin path. */
export interface OAuthReturn {
  returnTo: string | null;
  intent: 'upgrade' | 'start-free' | null;
}

export const STATE_TTL_SECONDS = 600;
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
 * The key a state or login code is kept under: its hash together with the nonce of the browser that began the flow
 * (the OAuth cookie), so neither is found, nor spent, from another browser (RFC 6749 §10.12). Only hashes are kept.
 */
function boundKey(token: string, nonce: string): string {
  return sha256(`${token}.${nonce}`);
}

/**
 * OAuth state (CSRF protection of the provider round trip, carrying returnTo and intent) and the one-time
 * login codes the callback hands the client, all single use and short-lived in Redis so any process can
 * finish a flow another began, and each bound to the browser's nonce. No long-lived token ever travels in a URL.
 */
@Injectable()
export class OAuthStateService {
  constructor(private readonly states: OAuthStateRepository) {}

  /** A new flow's state, for the provider, and nonce, for the browser's cookie. */
  async createState(provider: OAuthProvider, ret: OAuthReturn): Promise<{ state: string; nonce: string }> {
    const state = randomToken();
    const nonce = randomToken();
    await this.states.saveState(boundKey(state, nonce), JSON.stringify({ provider, ...ret }), STATE_TTL_SECONDS);
    return { state, nonce };
  }

  async consumeState(provider: OAuthProvider, state: unknown, nonce: string | null): Promise<OAuthReturn | null> {
    if (typeof state !== 'string' || !state || !nonce) return null;
    const raw = await this.states.takeState(boundKey(state, nonce));
    if (!raw) return null;
    const saved = JSON.parse(raw) as OAuthReturn & { provider: OAuthProvider };
    return saved.provider === provider ? { returnTo: saved.returnTo, intent: saved.intent } : null;
  }

  /** A one-time login code for the browser holding `nonce`, whose state the callback consumed. */
  async createLoginCode(userId: string, nonce: string): Promise<string> {
    const code = randomToken();
    await this.states.saveLoginCode(boundKey(code, nonce), userId, LOGIN_CODE_TTL_SECONDS);
    return code;
  }

  consumeLoginCode(code: string, nonce: string | null): Promise<string | null> {
    return nonce ? this.states.takeLoginCode(boundKey(code, nonce)) : Promise.resolve(null);
  }
}
