import { gameStatus, type ScoreboardEvent } from '@oddspulse/shared';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { connectionStateAtom } from '../../realtime/connection-state';
import { authAtom } from '../../state/auth';
import { Modal } from '../../ui/Modal';
import { TabList, tabPanelProps } from '../../ui/TabList';
import { GameOverview } from './GameOverview';
import { LineMovement } from './LineMovement';
import { scoresQuery } from './scores-api';
import { scoresPollInterval } from './scores-logic';

/** Spec 002 §2, §9: the modal's details refresh every 30 seconds while the socket does not push them. */
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
  const signedIn = useAtomValue(authAtom).status === 'signedIn';
  const connection = useAtomValue(connectionStateAtom);
  const live = signedIn && connection === 'connected';
  // The page's own cache of the sport's games: the modal's 30-second read refreshes the card and the modal together,
  // and the modal shows the card's game; a failed read says the details could not be loaded (spec 002 §8). It reads
  // nothing on opening (the list on screen was just read or pushed), nor while the socket pushes the games.
  const details = useQuery({
    ...scoresQuery(game?.sport_key ?? ''),
    enabled: Boolean(game),
    refetchOnMount: false,
    refetchInterval: live ? false : DETAILS_REFRESH_MS,
  });
  // the page's own reads go on under the modal: the games are read at the sooner of the two
  const pollMs = Math.min(DETAILS_REFRESH_MS, scoresPollInterval(details.data?.games ?? []));

  if (!game) {
    return (
      <Modal title="Game details" onClose={onClose} testId="game-modal">
        <p className="form-error">{DETAILS_FAILED}</p>
        <CloseButton onClose={onClose} />
      </Modal>
    );
  }
  const historyAvailable = Boolean(game.sport_key && game.event_id);

  return (
    <Modal title={`${game.away_team} at ${game.home_team}`} onClose={onClose} testId="game-modal" wide>
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
      {details.isError && (
        <p className="form-error small" role="alert">
          {DETAILS_FAILED}
        </p>
      )}
      <div {...tabPanelProps(tabsId, tab)}>
        {tab === 'overview' ? (
          <GameOverview game={game} pollMs={pollMs} />
        ) : (
          <LineMovement
            sport={game.sport_key}
            eventId={game.event_id!}
            bookmakers={game.bookmakers}
            startsAt={Date.parse(game.commence_time) / 1000}
            started={gameStatus(game) !== 'scheduled'}
            finished={game.completed}
          />
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
