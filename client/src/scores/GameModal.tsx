import type { ScoreboardEvent } from '@oddspulse/shared';
import { useEffect, useId, useState } from 'react';
import { Modal } from '../components/Modal';
import { TabList, tabPanelProps } from '../components/TabList';
import { GameOverview } from './GameOverview';
import { LineMovement } from './LineMovement';
import { fetchScores } from './scores-api';

/** Spec 002 §2, §9: the modal's details refresh every 30 seconds. */
const DETAILS_REFRESH_MS = 30_000;
const DETAILS_FAILED = 'Unable to load game details';

type Tab = 'overview' | 'lines';

/**
 * The game modal (spec 002 §2): overview and line movement tabs. It is mounted afresh for each game opened,
 * so it always starts on the overview and all books.
 */
export function GameModal({ game, onClose }: { game: ScoreboardEvent | null; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('overview');
  const tabsId = useId();
  const [fresh, setFresh] = useState<ScoreboardEvent | null>(null);
  const [failed, setFailed] = useState(false);
  const gameId = game?.id;
  const sport = game?.sport_key;

  useEffect(() => {
    if (!gameId || !sport) return;
    const refresh = () =>
      fetchScores(sport)
        .then((list) => {
          const found = list.find((g) => g.id === gameId);
          setFailed(!found);
          if (found) setFresh(found);
        })
        .catch((error: unknown) => {
          console.warn('Game details refresh failed', error);
          setFailed(true);
        });
    const timer = window.setInterval(refresh, DETAILS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [gameId, sport]);

  if (!game) {
    return (
      <Modal title="Game details" onClose={onClose} testId="game-modal">
        <p className="form-error">{DETAILS_FAILED}</p>
        <CloseButton onClose={onClose} />
      </Modal>
    );
  }
  // The list's copy is updated live; the modal's own refresh wins when it is newer.
  const current = fresh && fresh.last_update > game.last_update ? fresh : game;
  const historyAvailable = Boolean(current.sport_key && current.event_id);

  return (
    <Modal title={`${current.away_team} at ${current.home_team}`} onClose={onClose} testId="game-modal">
      <TabList
        id={tabsId}
        label="Game details"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { value: 'overview', label: 'Overview' },
          {
            value: 'lines',
            label: 'Line Movement',
            disabled: !historyAvailable,
            title: historyAvailable ? undefined : 'Line history unavailable for this event.',
          },
        ]}
      />
      {!historyAvailable && <p className="muted small">Line history unavailable for this event.</p>}
      {failed && (
        <p className="form-error small" role="alert">
          {DETAILS_FAILED}
        </p>
      )}
      <div {...tabPanelProps(tabsId, tab)}>
        {tab === 'overview' ? (
          <GameOverview game={current} />
        ) : (
          <LineMovement sport={current.sport_key} eventId={current.event_id!} bookmakers={current.bookmakers} />
        )}
      </div>
      <CloseButton onClose={onClose} />
    </Modal>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <div className="modal-actions">
      <button type="button" className="button small" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
