import type { AccessTokenClaims } from './auth-user';

/** Tokens remembered per process; past it the oldest is forgotten (and verified again if it comes back). */
const MAX_TOKENS = 10_000;

/**
 * Access tokens whose signature, issuer and audience were verified once, with their claims, until they expire (issue
 * 18: the same token comes with every request of a session for its 15 minutes). Verification depends on nothing but
 * the token and the key, so its result holds as long as the token does; expiry is checked on every use, the way
 * jsonwebtoken checks it. Whether the session still stands is not this: PrincipalCache answers that.
 */
export class VerifiedTokens {
  private readonly claims = new Map<string, Readonly<AccessTokenClaims>>();

  constructor(
    private readonly verify: (token: string) => Promise<AccessTokenClaims>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The token's claims; null when forged, malformed or expired. */
  async claimsOf(token: string): Promise<Readonly<AccessTokenClaims> | null> {
    const known = this.claims.get(token);
    if (known) {
      if (this.unexpired(known)) return known;
      this.claims.delete(token);
      return null;
    }
    let claims: AccessTokenClaims;
    try {
      claims = await this.verify(token);
    } catch {
      return null; // a bad signature, a malformed or an expired token are all "not signed in"
    }
    // a token without an expiry (never signed here) is verified every time
    if (typeof claims.exp === 'number') {
      if (this.claims.size >= MAX_TOKENS) this.claims.delete(this.claims.keys().next().value!);
      this.claims.set(token, Object.freeze(claims));
    }
    return claims;
  }

  /** jsonwebtoken's rule: valid while the current second is before `exp`. */
  private unexpired(claims: Readonly<AccessTokenClaims>): boolean {
    return Math.floor(this.clock() / 1000) < (claims.exp as number);
  }
}
