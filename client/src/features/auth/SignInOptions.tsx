import type { AuthProviders } from '../account';

/** The other ways in (spec 000 §2): the OAuth providers this server has keys for, and in demo mode its seeded accounts (DECISIONS 7). */
export function SignInOptions({
  options,
  onOAuth,
  onDemo,
}: {
  options: AuthProviders;
  onOAuth: (provider: 'google' | 'apple') => void;
  onDemo: (email: string, password: string) => void;
}) {
  const demo = options.demo;
  return (
    <>
      {(options.google || options.apple) && (
        <div className="oauth">
          <span className="muted">or</span>
          {options.google && (
            <button type="button" className="button wide" onClick={() => onOAuth('google')}>
              Continue with Google
            </button>
          )}
          {options.apple && (
            <button type="button" className="button wide" onClick={() => onOAuth('apple')}>
              Continue with Apple
            </button>
          )}
        </div>
      )}
      {demo && demo.accounts.length > 0 && (
        <div className="demo-accounts card" data-testid="demo-accounts">
          <h3>Demo accounts</h3>
          <p className="muted">
            Password: <code>{demo.password}</code>
          </p>
          <ul>
            {demo.accounts.map((account) => (
              <li key={account.email}>
                <button type="button" className="link-button" onClick={() => onDemo(account.email, demo.password)}>
                  {account.email}
                </button>{' '}
                <span className="muted">({account.plan})</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
