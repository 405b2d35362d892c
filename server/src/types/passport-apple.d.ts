declare module '@nicokaiser/passport-apple' {
  import { Strategy as PassportStrategy } from 'passport-strategy';

  export interface AppleProfile {
    id: string;
    provider: 'apple';
    email?: string;
    emailVerified?: boolean;
    isPrivateEmail?: boolean;
    name?: { firstName?: string; lastName?: string };
  }

  export interface AppleStrategyOptions {
    clientID: string;
    teamID: string;
    keyID: string;
    key: string | Buffer;
    callbackURL?: string;
    scope?: string[];
    authorizationURL?: string;
    tokenURL?: string;
    passReqToCallback?: boolean;
  }

  export class Strategy extends PassportStrategy {
    constructor(options: AppleStrategyOptions, verify: (...args: unknown[]) => void);
  }
  export default Strategy;
}
