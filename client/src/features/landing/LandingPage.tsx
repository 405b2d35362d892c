import { Suspense, useEffect, type ReactNode } from 'react';
import { CORE_SPORTS } from '@oddspulse/shared';
import { useSearchParams } from 'react-router-dom';
import { ActionLinks } from '../../ui/ActionLinks';
import { PlanCards } from '../billing';
import { useToasts } from '../../state/toasts';
import { LiveFigures, SystemStatus } from './LiveFigures';

const FEATURES = [
  {
    title: 'Live odds comparison',
    text: 'Every price from your sportsbooks, DFS apps and exchanges side by side, updated the moment it moves.',
  },
  {
    title: '+EV finder',
    text: 'Each market is de-vigged across books to a fair price, so you see the expected value of every bet.',
  },
  {
    title: 'Player props and DFS',
    text: 'Props from the sportsbooks and the pick apps (PrizePicks, Underdog, Pick6) in one table.',
  },
  {
    title: 'Arbitrage scanner',
    text: 'Two- and three-way markets where backing every side at the best prices locks in a profit, with stakes.',
  },
  { title: 'Middles finder', text: 'Spreads and totals far enough apart that both bets can win.' },
  {
    title: 'Pick tracker',
    text: 'Keep your picks, have them settled against final scores, and see your win rate, ROI and streaks.',
  },
];

const STEPS = [
  { title: 'Choose your plan', text: 'Start free, or pick Gold or Platinum for live odds and the scanners.' },
  {
    title: 'Select your sportsbooks',
    text: 'Tell us where you bet and your bankroll; everything is filtered to your books.',
  },
  { title: 'Find +EV bets', text: 'Sort by expected value, compare prices, and add the best to your bet slip.' },
];

const FAQ = [
  {
    q: 'Where do the odds come from?',
    a: 'From the prices the sportsbooks publish, collected from an odds data provider on a fixed schedule and pushed to your screen as they change.',
  },
  {
    q: 'How is expected value calculated?',
    a: "Each book's market is de-vigged to fair probabilities, the books are combined into one fair price, and EV is the fair probability times the decimal odds minus one.",
  },
  {
    q: 'Can I cancel any time?',
    a: 'Yes. Plans renew monthly; when you cancel you keep access until the end of the period you paid for.',
  },
  {
    q: 'Do you take bets?',
    a: 'No. OddsPulse compares prices and tracks your picks; you place bets at your own sportsbooks. 18+ only; bet responsibly.',
  },
];

/** A section of the landing page, labelled by its heading (`id`: the heading's). */
function LandingSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** A feature's or a step's title and text, inside its card. */
function CardText({ item }: { item: { title: string; text: string } }) {
  return (
    <>
      <h3>{item.title}</h3>
      <p>{item.text}</p>
    </>
  );
}

/** The public landing page (spec 000 §2): what the product does, live figures (DECISIONS 17), plans. */
export function LandingPage() {
  const [params, setParams] = useSearchParams();
  const { show } = useToasts();
  useEffect(() => {
    if (params.get('signed_out') !== 'true') return;
    show('success', 'You have been signed out successfully', 5000);
    const next = new URLSearchParams(params);
    next.delete('signed_out');
    setParams(next, { replace: true });
  }, [params, setParams, show]);

  return (
    <div className="landing">
      <section className="hero">
        <h1>Every price, every book, the moment it moves.</h1>
        <p>
          Compare odds across 25+ sportsbooks, DFS pick apps and exchanges, and catch +EV bets, arbitrage and middles
          live.
        </p>
        <ActionLinks
          primary={{ to: '/signup', text: 'Get started free' }}
          secondary={{ to: '/pricing', text: 'See plans' }}
        />
      </section>

      <section className="live-figures" aria-labelledby="figures-title">
        <h2 id="figures-title" className="sr-only">
          Live figures
        </h2>
        <LiveFigures />
        <p className="figures-note">
          <Suspense fallback={<span className="muted">Checking live feeds…</span>}>
            <SystemStatus />
          </Suspense>
          <span className="muted"> · {CORE_SPORTS.length} leagues covered end to end · "today" is the UTC day</span>
        </p>
      </section>

      <LandingSection id="features-title" title="Everything a sharp bettor needs">
        <div className="grid-3">
          {FEATURES.map((f) => (
            <article key={f.title} className="card feature">
              <CardText item={f} />
            </article>
          ))}
        </div>
      </LandingSection>

      <LandingSection id="how-title" title="How it works">
        <ol className="steps">
          {STEPS.map((s, i) => (
            <li key={s.title} className="card">
              <span className="step-number">{i + 1}</span>
              <CardText item={s} />
            </li>
          ))}
        </ol>
      </LandingSection>

      <LandingSection id="faq-title" title="FAQ">
        {FAQ.map((item) => (
          <details key={item.q} className="card faq">
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </LandingSection>

      <LandingSection id="pricing-title" title="Pricing">
        <PlanCards />
      </LandingSection>

      <section className="final-cta card">
        <h2>Start finding better prices today</h2>
        <ActionLinks primary={{ to: '/login', text: 'Get started' }} secondary={{ to: '/login', text: 'Log in' }} />
      </section>
    </div>
  );
}
