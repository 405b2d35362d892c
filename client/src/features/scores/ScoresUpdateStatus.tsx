import { useAtomValue } from 'jotai';
import { connectionStateAtom } from '../../realtime/connection-state';
import { authAtom } from '../../state/auth';
import { scoresUpdateText } from './scores-logic';

/**
 * How the scores shown stay current (the scores page and the game modal say the same): live over the socket with the
 * connection's state, or the reading interval that stands in for it (`pollMs`).
 */
export function ScoresUpdateStatus({ pollMs, testId }: { pollMs: number; testId?: string }) {
  const signedIn = useAtomValue(authAtom).status === 'signedIn';
  const connection = useAtomValue(connectionStateAtom);
  return (
    <p className="muted small" data-testid={testId}>
      {scoresUpdateText(signedIn, connection, pollMs)}
    </p>
  );
}
