import { useAtom } from 'jotai';
import { devigChoiceAtom } from '../../state/display-settings';
import { useIsMobile } from '../../ui/hooks/useMediaQuery';
import { DevigMethodPicker } from './filters/DevigMethodPicker';
import { liveEnabledAtom } from './odds-state';
import { RefreshControls } from './RefreshControls';

/** Above a section's table: on a phone the search button, then refresh and the live toggle, and the de-vig method. */
export function OddsToolbar({
  search,
  onOpenSearch,
  refresh,
  lockedUntil,
  platinum,
}: {
  search: string;
  onOpenSearch: () => void;
  refresh: () => Promise<void>;
  lockedUntil: number;
  platinum: boolean;
}) {
  const [live, setLive] = useAtom(liveEnabledAtom);
  const [devig, setDevig] = useAtom(devigChoiceAtom);
  const isMobile = useIsMobile();
  return (
    <div className="odds-toolbar">
      {isMobile && (
        <button type="button" className="button small" onClick={onOpenSearch} data-testid="open-search">
          {search ? `Search: “${search}”` : 'Search'}
        </button>
      )}
      <RefreshControls
        refresh={refresh}
        lockedUntil={lockedUntil}
        live={live}
        setLive={setLive}
        showLiveToggle={platinum}
      />
      <DevigMethodPicker value={devig} onChange={setDevig} />
    </div>
  );
}
