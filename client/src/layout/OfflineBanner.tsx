import { useAtomValue } from 'jotai';
import { offlineAtom } from '../state/offline';

/** The installed app started (or stayed) without a network shows kept data, and says from when. */
export function OfflineBanner() {
  const offline = useAtomValue(offlineAtom);
  if (!offline) return null;
  const time = offline.savedAt
    ? new Date(offline.savedAt).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })
    : 'earlier';
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      offline — showing data from {time}
    </div>
  );
}
