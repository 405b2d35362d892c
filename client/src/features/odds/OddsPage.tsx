import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { isPaid, isPlatinum } from '../../state/session-api';
import { BetSlipPanel } from '../bet-slip';
import { useIsMobile } from '../../ui/hooks/useMediaQuery';
import { Spinner } from '../../ui/Spinner';
import { usePlan } from '../../state/session-state';
import { useSiteConfigSettled } from '../../state/site';

import { useLinkSelection } from './alert-link-state';
import { EvAlertTarget } from './EvAlertTarget';
import { GoldRequiredBanner, PremiumPanel } from './OddsNotices';
import { OddsSection } from './OddsSection';
import { SectionNav } from './SectionNav';
import { isPlatinumSection, SECTIONS, sectionParams, type PlatinumSection, type Section } from './sections';
import './odds.css';

// The Platinum scanners (arbitrage, middles) and the Steam list load when their section opens, not with straight bets
const ScannerSection = lazy(() => import('./ScannerSection').then((m) => ({ default: m.ScannerSection })));

/**
 * /sportsbooks (spec 001 §2): the section comes from `mode`; changing it rewrites the URL (replacing history).
 * Arbitrage, middles and steam are Platinum: the nav entries are disabled for others, and a link to one opened
 * without Platinum shows its premium panel.
 */
export function OddsPage() {
  const [params, setParams] = useSearchParams();
  const premium = (useLocation().state as { premium?: PlatinumSection } | null)?.premium;
  const plan = usePlan();
  const siteSettled = useSiteConfigSettled();
  const isMobile = useIsMobile();
  const platinum = plan.status === 'ready' && isPlatinum(plan.info);
  const link = useLinkSelection(params);
  const raw = params.get('mode');
  const blocked = plan.status === 'ready' && !platinum && isPlatinumSection(raw) ? raw : null;
  // spec 001 §2: a scanner link opened without Platinum lands on straight bets, where its upgrade panel shows.
  useEffect(() => {
    if (!blocked) return;
    const p = new URLSearchParams(params);
    p.delete('mode');
    setParams(p, { replace: true, state: { premium: blocked } });
  }, [blocked, params, setParams]);
  // The notices above the page are decided with the plan (the unverified address's) and the site's settings (the
  // simulated feeds'), both asked for as the app starts: shown after the rows, they pushed the page down under a finger
  // already on Search or a price.
  if (plan.status !== 'ready' || !siteSettled) return <Spinner label="Checking your plan..." />;
  const section: Section = SECTIONS.some((s) => s.mode === raw) && !blocked ? (raw as Section) : 'game';
  const search = params.get('q') ?? '';
  // As the navbar's search box does (spec 000 §2): the text goes into q.
  const setSearch = (text: string) => {
    const p = new URLSearchParams(params);
    if (text) p.set('q', text);
    else p.delete('q');
    setParams(p);
  };
  const change = (next: Section) => setParams(sectionParams(params, next), { replace: true });

  let body;
  if (!isPaid(plan.info)) body = <GoldRequiredBanner />;
  else if (isPlatinumSection(section))
    body = platinum ? (
      <Suspense fallback={<Spinner />}>
        <ScannerSection key={section} kind={section} link={link} search={search} />
      </Suspense>
    ) : (
      <PremiumPanel kind={section} />
    );
  else
    body = (
      <>
        {premium && !platinum && section === 'game' && <PremiumPanel kind={premium} />}
        {params.get('opportunity')?.startsWith('ev:') && <EvAlertTarget id={params.get('opportunity')!} />}
        <OddsSection
          key={section}
          mode={section === 'props' ? 'props' : 'game'}
          platinum={platinum}
          search={search}
          onSearch={setSearch}
          link={link}
        />
      </>
    );

  return (
    <div className="page odds-page">
      <div className="odds-page-head">
        <h1>Odds: {SECTIONS.find((s) => s.mode === section)?.label ?? 'Straight Bets'}</h1>
        {/* On mobile the bottom bar's section switcher takes this place (spec 000 §2). */}
        {!isMobile && <SectionNav section={section} platinum={platinum} paid={isPaid(plan.info)} onChange={change} />}
        {isPaid(plan.info) && <BetSlipPanel />}
      </div>
      {search && (
        <SearchChip
          search={search}
          onClear={() => {
            const p = new URLSearchParams(params);
            p.delete('q');
            setParams(p, { replace: true });
          }}
        />
      )}
      {body}
    </div>
  );
}

/** The search the page lists by (the navbar's, in q), and its Clear. */
function SearchChip({ search, onClear }: { search: string; onClear: () => void }) {
  return (
    <p className="muted small" data-testid="search-chip">
      Search: “{search}”{' '}
      <button type="button" className="link-button" onClick={onClear}>
        Clear
      </button>
    </p>
  );
}
