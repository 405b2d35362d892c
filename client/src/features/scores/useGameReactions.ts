import { emptyReactions, type ReactionAction, type ReactionEmoji, type Reactor } from '@oddspulse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { connectionStateAtom } from '../../realtime/connection-state';
import { liveSocketAtom } from '../../realtime/socket';
import type { SessionUser } from '../../api/session';
import { loadLocalReactions, postReaction, reactionsKeys, reactionsQuery, saveLocalReactions } from './scores-api';
import { applyReaction, normaliseReactions, REACTIONS_POLL_MS } from './scores-logic';

/**
 * A game's reactions as the server last told them: pushed over the socket to a signed-in user while it is connected
 * (live), else read every 10 s; and the mutation that posts one, kept locally when the server cannot take it.
 */
export function useGameReactions(gameKey: string, user: SessionUser | null) {
  const socket = useAtomValue(liveSocketAtom);
  const connection = useAtomValue(connectionStateAtom);
  const queryClient = useQueryClient();
  const key = reactionsKeys.game(gameKey);
  const live = user !== null && connection === 'connected';
  const query = useQuery({
    ...reactionsQuery(gameKey),
    // the local copy, or none, until the server answers (spec 002 §7)
    placeholderData: () => loadLocalReactions(gameKey) ?? emptyReactions(),
    refetchInterval: live ? false : REACTIONS_POLL_MS,
  });
  const reactions = query.data ?? emptyReactions();

  useEffect(() => {
    if (!user) return;
    return socket.subscribe({ channel: 'reactions', eventId: gameKey }, (envelope) => {
      if (envelope.type !== 'reactions.update' && envelope.type !== 'snapshot') return;
      queryClient.setQueryData(reactionsKeys.game(gameKey), normaliseReactions(envelope.data.reactions));
    });
  }, [socket, gameKey, user, queryClient]);

  const reaction = useMutation({
    mutationFn: async ({
      reactor,
      emoji,
      action,
    }: {
      reactor: Reactor;
      emoji: ReactionEmoji;
      action: ReactionAction;
    }) => {
      // a read still under way would answer with the reactions from before this one
      await queryClient.cancelQueries({ queryKey: key });
      return postReaction(gameKey, { ...reactor, emoji, action });
    },
    onSuccess: (answer) => queryClient.setQueryData(key, normaliseReactions(answer.reactions)),
    onError: (error, { reactor, emoji, action }) => {
      // Spec 002 §7: on failure the reaction is updated locally only.
      console.warn('Reaction not saved on the server; kept locally', error);
      const next = applyReaction(queryClient.getQueryData(key) ?? reactions, reactor, emoji, action);
      queryClient.setQueryData(key, next);
      saveLocalReactions(gameKey, next, action === 'add' ? emoji : null);
    },
  });

  return { reactions, live, reaction };
}
