import { useEffect, useState } from 'react';
import { MANUAL_REFRESH_LOCK_MS } from './loading/useLiveOdds';

/** The live toggle (Platinum: pause and resume the stream, DECISIONS 14) and the manual refresh, locked 20 s after use (spec 001 §4). */
export function RefreshControls({
  refresh,
  lockedUntil,
  live,
  setLive,
  showLiveToggle,
}: {
  refresh: () => Promise<void>;
  lockedUntil: number;
  live: boolean;
  setLive: (v: boolean) => void;
  showLiveToggle: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  const [refreshing, setRefreshing] = useState(false);
  const waitSeconds = Math.ceil((lockedUntil - now) / 1000);
  useEffect(() => {
    if (lockedUntil <= Date.now()) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [lockedUntil]);
  return (
    <div className="refresh-controls">
      {showLiveToggle && (
        <button
          type="button"
          className={`button small live-toggle${live ? ' on' : ''}`}
          aria-pressed={live}
          onClick={() => setLive(!live)}
          data-testid="live-toggle"
        >
          {live ? '● Live' : '❚❚ Paused'}
        </button>
      )}
      <button
        type="button"
        className="button small"
        disabled={waitSeconds > 0 || refreshing}
        onClick={() => {
          setRefreshing(true);
          setNow(Date.now());
          void refresh().finally(() => setRefreshing(false));
        }}
        title={`Refresh reloads every price; it can be used once every ${MANUAL_REFRESH_LOCK_MS / 1000} s`}
      >
        {waitSeconds > 0 ? `Wait ${waitSeconds}s` : 'Refresh'}
      </button>
      {refreshing && (
        <div className="refresh-overlay" role="status">
          Refreshing Odds...
        </div>
      )}
    </div>
  );
}
