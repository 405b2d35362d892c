import { useSearchParams } from 'react-router-dom';
import { isPlatinum } from '../../state/session-api';
import { onTabListKeyDown } from '../../ui/keyboard/menu-keyboard';
import { usePlan } from '../../state/session-state';

import { SECTIONS, sectionParams } from '../../features/odds/sections';

/** The bottom bar's odds sections (on /sportsbooks, below 768 px). */
export function SectionSwitcher() {
  const plan = usePlan();
  const [params, setParams] = useSearchParams();
  const platinum = plan.status === 'ready' && isPlatinum(plan.info);
  const current = params.get('mode') ?? 'game';
  return (
    <div className="section-switcher" role="tablist" aria-label="Odds sections" onKeyDown={onTabListKeyDown}>
      {SECTIONS.filter((s) => platinum || !s.platinum).map((section) => (
        <button
          key={section.mode}
          type="button"
          role="tab"
          aria-selected={current === section.mode}
          tabIndex={current === section.mode ? 0 : -1}
          onClick={() => setParams(sectionParams(params, section.mode), { replace: true })}
        >
          {section.label}
        </button>
      ))}
    </div>
  );
}
