import { useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { apiErrorText } from '../../api/api-client';
import { authAtom } from '../../state/auth';
import { useToasts } from '../../state/toasts';
import { importLocalPicks, picksKeys } from './picks-api';
import { LOCAL_PICKS_KEY, localPicksImportedToast, readLocalPicks } from './picks-logic';

/**
 * DECISIONS 18: on sign-in, a pick list left in this browser under oss_my_picks_v1 is imported once into the account
 * (each browser's list: the old product kept picks per browser), then removed from the browser once the server has it.
 * The user sees it under way and how it ended (picks added, or all there already); a failed import keeps the list for
 * the next sign-in.
 */
export function LocalPicksImport() {
  const auth = useAtomValue(authAtom);
  const { show, dismiss } = useToasts();
  const queryClient = useQueryClient();
  const tried = useRef<string | null>(null);
  const userId = auth.status === 'signedIn' ? auth.user.id : null;

  useEffect(() => {
    if (!userId || tried.current === userId) return;
    tried.current = userId;
    const picks = readLocalPicks(window.localStorage.getItem(LOCAL_PICKS_KEY));
    if (!picks) return;
    const progress = show('info', `Importing ${picks.length} pick(s) from this browser into My Picks...`, 0);
    importLocalPicks(picks)
      .then((result) => {
        dismiss(progress);
        // the server has the list now: its picks added, or in the account already
        window.localStorage.removeItem(LOCAL_PICKS_KEY);
        const toast = localPicksImportedToast(picks.length, result);
        show(toast.type, toast.message);
        // an open tracker reads the imported picks now, a closed one when next opened
        if (result.imported > 0) void queryClient.invalidateQueries({ queryKey: picksKeys.all });
      })
      .catch((error: unknown) => {
        dismiss(progress);
        show(
          'error',
          `${apiErrorText(error, 'Importing the picks saved in this browser failed')}. They stay here for the next sign-in.`,
        );
      });
  }, [userId, show, dismiss, queryClient]);
  return null;
}
