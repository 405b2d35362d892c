const LAST_UPDATED = 'Last updated January 1, 2025';

export function TermsPage() {
  return (
    <article className="page legal">
      <h1>Terms of Service</h1>
      <p className="muted">{LAST_UPDATED}</p>
      <h2>Who may use OddsPulse</h2>
      <p>
        OddsPulse is for people 18 or older (or the legal betting age where you live, if higher). Using it where sports
        betting is illegal is not permitted.
      </p>
      <h2>What OddsPulse is</h2>
      <p>
        OddsPulse compares prices published by sportsbooks, DFS apps and exchanges and computes figures such as expected
        value, arbitrage and middles. It does not take bets. Prices change quickly and can be wrong or out of date;
        always confirm the price at your sportsbook before you bet. Nothing here is financial advice, and past results
        do not predict future ones.
      </p>
      <h2>Plans and billing</h2>
      <p>
        Paid plans are billed monthly and renew automatically. You can cancel at any time; you keep access until the end
        of the period you paid for. The free plan includes a monthly number of odds calls.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password private. You are responsible for activity on your account. We may suspend accounts that abuse
        the service or its data.
      </p>
      <h2>Responsible gambling</h2>
      <p>Bet only what you can afford to lose. If gambling stops being fun, call 1-800-GAMBLER.</p>
    </article>
  );
}

export function PrivacyPage() {
  return (
    <article className="page legal">
      <h1>Privacy Policy</h1>
      <p className="muted">{LAST_UPDATED}</p>
      <h2>What we collect</h2>
      <p>
        Your email address, your username, your password (stored only as a one-way hash), your plan and billing status,
        your sportsbook and bankroll preferences, your picks, and the reactions you leave on games. We count odds calls
        on the free plan.
      </p>
      <h2>What we use it for</h2>
      <p>
        To run your account, show odds for your sportsbooks, settle your picks, bill paid plans through our payment
        provider, and keep the service secure.
      </p>
      <h2>What we do not do</h2>
      <p>
        We do not sell your data. OddsPulse is for people 18 or older; we do not knowingly collect data from anyone
        younger.
      </p>
      <h2>Your browser</h2>
      <p>
        Settings such as accessibility options and your session are kept in your browser's storage. Emergency sign out
        on the account page clears them.
      </p>
      <h2>IP addresses</h2>
      <p>
        Your security activity (Account → Recent security activity) keeps the IP address our server saw and your
        browser's name for each sign-up, sign-in, failed sign-in, sign-out everywhere, password reset request and reset,
        session ended because a used sign-in token came back, and API key created, renamed, rotated or revoked. Plan
        changes made by our payment provider are kept without one. They stay until you close your account. Our server's
        request logs also note the address of each request, kept only as long as our operators keep logs.
      </p>
      <h2>Closing your account</h2>
      <p>
        Close your account on the Account page, under Security: enter your password (an account that signs in only with
        Google or Apple confirms with a link we email it instead), and it closes at once. A paid subscription is
        cancelled at the end of the period you paid for, with no further charge. Your picks, preferences, reactions,
        alert rules, API keys, password, sign-in links, sessions and security activity with its IP addresses are deleted
        then, and every device is signed out. What stays is an anonymised record with no email address or username: your
        plan and billing history, as payment records require, and the date you closed the account. Our payment provider
        keeps its own record of your payments and the email address you paid with. Account data is typically deleted
        within 30 days of closure; OddsPulse deletes it at closure.
      </p>
    </article>
  );
}
