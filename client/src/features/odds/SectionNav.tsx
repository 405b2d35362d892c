import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { onTabListKeyDown } from '../../ui/keyboard/menu-keyboard';
import { appliedFiltersAtom } from './odds-state';
import { propsPrefetch } from './loading/props-prefetch-instance';
import { SECTIONS, type Section } from './sections';

/** Prefetches the props boards when the pointer rests on (or focus reaches) the Player Props tab (spec 001 §4). */
function usePropsIntent(enabled: boolean) {
  const applied = useAtomValue(appliedFiltersAtom);
  const cancel = useRef<(() => void) | null>(null);
  const leave = useCallback(() => {
    cancel.current?.();
    cancel.current = null;
  }, []);
  const enter = useCallback(() => {
    leave();
    if (enabled) cancel.current = propsPrefetch().schedule({ sports: applied.sports, markets: applied.propMarkets });
  }, [enabled, applied.sports, applied.propMarkets, leave]);
  useEffect(() => leave, [leave]);
  return { onPointerEnter: enter, onFocus: enter, onPointerLeave: leave, onBlur: leave };
}

export function SectionNav({
  section,
  platinum,
  paid,
  onChange,
}: {
  section: Section;
  platinum: boolean;
  paid: boolean;
  onChange: (s: Section) => void;
}) {
  const propsIntent = usePropsIntent(paid && section !== 'props');
  return (
    <div className="section-nav tabs" role="tablist" aria-label="Odds sections" onKeyDown={onTabListKeyDown}>
      {SECTIONS.map((s) => {
        const locked = s.platinum && !platinum;
        return (
          <button
            {...(s.mode === 'props' ? propsIntent : {})}
            key={s.mode}
            type="button"
            role="tab"
            aria-selected={section === s.mode}
            tabIndex={section === s.mode ? 0 : -1}
            aria-disabled={locked || undefined}
            disabled={locked}
            title={locked ? 'Requires Platinum Plan' : undefined}
            data-tooltip={locked ? 'Requires Platinum Plan' : undefined}
            onClick={() => onChange(s.mode)}
          >
            {s.label}
          </button>
        );
      })}
    </div>
  );
}
