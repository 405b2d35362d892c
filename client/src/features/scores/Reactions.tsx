import { REACTION_EMOJI_NAMES, REACTION_EMOJIS, reactorName, type ReactionEmoji } from '@oddspulse/shared';
import { useAtomValue } from 'jotai';
import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { authAtom } from '../../state/auth';
import { ownReaction } from './scores-logic';
import { useProfile } from '../../state/session-state';
import { useGameReactions } from './useGameReactions';

/**
 * A game's reactions (spec 002 §4, §7; DECISIONS 22): six emojis with counts and who reacted; one per signed-in
 * user (clicking your own removes it); visitors see them but cannot react. Pushed over the socket while it is
 * connected, else read every 10 s; when the server cannot be reached, the local copy (oss_game_reactions) is
 * shown and updated, silently.
 */
export function Reactions({ gameKey }: { gameKey: string }) {
  const auth = useAtomValue(authAtom);
  const profile = useProfile();
  const user = auth.status === 'signedIn' ? auth.user : null;
  const { reactions, live, reaction } = useGameReactions(gameKey, user);

  const mine = ownReaction(reactions, user?.id ?? null);
  // A visitor's reactions say why they cannot be used: described by the line under them, and still reachable by
  // keyboard (a disabled button is skipped, its reason with it); pressing one points at the way to sign in.
  const reasonId = useId();
  const signInLink = useRef<HTMLAnchorElement>(null);

  const react = (emoji: ReactionEmoji) => {
    if (!user) {
      signInLink.current?.focus();
      return;
    }
    const username = reactorName(
      profile.status === 'ready' ? profile.profile.username : user.user_metadata?.username,
      user.email,
    );
    reaction.mutate({ reactor: { userId: user.id, username }, emoji, action: mine === emoji ? 'remove' : 'add' });
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
              disabled={user !== null && reaction.isPending}
              aria-disabled={user ? undefined : true}
              aria-describedby={user ? undefined : reasonId}
              data-testid={`reaction-${name}`}
              onClick={() => react(name)}
            >
              <span aria-hidden="true">{REACTION_EMOJIS[name]}</span>
              <span className="reaction-count" data-testid={`reaction-count-${name}`}>
                {list.length}
              </span>
            </button>
          );
        })}
      </div>
      {!user && (
        <p id={reasonId} className="small reaction-reason" data-testid="reaction-reason">
          <Link ref={signInLink} to="/login">
            Sign in
          </Link>{' '}
          to react.
        </p>
      )}
      {reactors.length > 0 && (
        <p className="small muted reaction-who" data-testid="reaction-who">
          {reactors
            .map((name) => `${REACTION_EMOJIS[name]} ${reactions[name].map((r) => r.username).join(', ')}`)
            .join(' · ')}
        </p>
      )}
    </div>
  );
}
