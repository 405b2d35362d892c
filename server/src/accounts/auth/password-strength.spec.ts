import { PasswordStrength } from './password-strength';

describe('PasswordStrength', () => {
  let strength: PasswordStrength;
  beforeEach(() => (strength = new PasswordStrength()));
  afterEach(() => strength.onModuleDestroy());

  // the API server warms it as it starts, so the first sign-up after a deploy does not wait for zxcvbn's dictionaries
  it('warm resolves once the scorer is built, before any password, and passwords are scored after it', async () => {
    await expect(strength.warm()).resolves.toBeUndefined();
    const { score } = await strength.score('Summer2024!!', 'ana@example.com');
    expect(score).toBeLessThan(4);
    await expect(strength.warm()).resolves.toBeUndefined();
  }, 60_000);
});
