import { REACTION_EMOJI_NAMES, REACTION_EMOJIS, reactorName, type GameReactions, type ReactionEmoji } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { connectionStateAtom } from '../realtime/connection-state';
import { liveSocketAtom } from '../realtime/socket';
import { authAtom, profileAtom } from '../state/auth';
import { fetchReactions, postReaction } from './scores-api';
import { applyReaction, emptyReactions, LOCAL_REACTIONS_KEY, normaliseReactions, ownReaction, REACTIONS_POLL_MS, readLocalReactions } from './scores-logic';

function loadLocal(gameKey: string): GameReactions | null {
  const entry = readLocalReactions(window.localStorage.getItem(LOCAL_REACTIONS_KEY))[gameKey];
  return entry ? normaliseReactions(entry.reactions) : null;
}

function saveLocal(gameKey: string, reactions: GameReactions, userReaction: ReactionEmoji | null) {
  const all = readLocalReactions(window.localStorage.getItem(LOCAL_REACTIONS_KEY));
  all[gameKey] = { reactions, userReaction, timestamp: Date.now() };
  window.localStorage.setItem(LOCAL_REACTIONS_KEY, JSON.stringify(all));
}

/**
 * A game's reactions (spec 002 §4, §7; DECISIONS 22): six emojis with counts and who reacted; one per signed-in
 * user (clicking your own removes it); visitors see them but cannot react. Pushed over the socket while it is
 * connected, else read every 10 s; when the server cannot be reached, the local copy (oss_game_reactions) is
 * shown and updated, silently.
 */
export function Reactions({ gameKey }: { gameKey: string }) {
  const auth = useAtomValue(authAtom);
  const profile = useAtomValue(profileAtom);
  const socket = useAtomValue(liveSocketAtom);
  const connection = useAtomValue(connectionStateAtom);
  const user = auth.status === 'signedIn' ? auth.user : null;
  const [reactions, setReactions] = useState<GameReactions>(() => loadLocal(gameKey) ?? emptyReactions());
  const [busy, setBusy] = useState(false);
  const reactionsRef = useRef(reactions);
  reactionsRef.current = reactions;

  const load = useCallback(async () => {
    try {
      const answer = await fetchReactions(gameKey);
      setReactions(normaliseReactions(answer.reactions));
    } catch (error) {
      // Spec 002 §8: reactions fall back to local storage without a message.
      console.warn('Reactions unavailable; showing the local copy', error);
      const local = loadLocal(gameKey);
      if (local) setReactions(local);
    }
  }, [gameKey]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (!user) return;
    return socket.subscribe({ channel: 'reactions', eventId: gameKey }, (envelope) => {
      if (envelope.type !== 'reactions.update' && envelope.type !== 'snapshot') return;
      setReactions(normaliseReactions(envelope.data.reactions));
    });
  }, [socket, gameKey, user]);

  const live = user !== null && connection === 'connected';
  useEffect(() => {
    if (live) return;
    const timer = window.setInterval(() => void load(), REACTIONS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [live, load]);

  const mine = ownReaction(reactions, user?.id ?? null);

  const react = async (emoji: ReactionEmoji) => {
    if (!user) return;
    const action = mine === emoji ? 'remove' : 'add';
    const username = reactorName(profile.status === 'ready' ? profile.profile.username : user.user_metadata?.username, user.email);
    setBusy(true);
    try {
      const answer = await postReaction(gameKey, { userId: user.id, username, emoji, action });
      setReactions(normaliseReactions(answer.reactions));
    } catch (error) {
      // Spec 002 §7: on failure the reaction is updated locally only.
      console.warn('Reaction not saved on the server; kept locally', error);
      const next = applyReaction(reactionsRef.current, { userId: user.id, username }, emoji, action);
      setReactions(next);
      saveLocal(gameKey, next, action === 'add' ? emoji : null);
    } finally {
      setBusy(false);
    }
  };

  const reactors = REACTION_EMOJI_NAMES.filter((name) => reactions[name].length > 0);
  return (
    <div className="reactions" data-testid="reactions" data-live={live}>
      <div className="reaction-bubbles" role="group" aria-label="Reactions">
        {REACTION_EMOJI_NAMES.map((name) => {
          const list = reactions[name];
          const own = mine === name;
          const who = list.map((r) => r.username).join(', ');
          return (
            <button
              key={name}
              type="button"
              className={`reaction-bubble${own ? ' own' : ''}`}
              aria-pressed={own}
              aria-label={`${name} ${REACTION_EMOJIS[name]}: ${list.length}`}
              title={user ? (own ? 'Click to remove your reaction' : who || name) : 'Sign in to react'}
              disabled={!user || busy}
              data-testid={`reaction-${name}`}
              onClick={() => void react(name)}
            >
              <span aria-hidden="true">{REACTION_EMOJIS[name]}</span>
              <span className="reaction-count" data-testid={`reaction-count-${name}`}>
                {list.length}
              </span>
            </button>
          );
        })}
      </div>
      {reactors.length > 0 && (
        <p className="small muted reaction-who" data-testid="reaction-who">
          {reactors.map((name) => `${REACTION_EMOJIS[name]} ${reactions[name].map((r) => r.username).join(', ')}`).join(' · ')}
        </p>
      )}
      {!user && <p className="small muted">Sign in to react.</p>}
    </div>
  );
}
