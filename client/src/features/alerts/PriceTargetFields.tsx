import { useQuery } from '@tanstack/react-query';
import { gameName, isEventLive, STEAM_MARKET_LABELS, STEAM_MARKETS, type EventHeader } from '@oddspulse/shared';
import { apiErrorText } from '../../api/api-client';
import { InputInLabel } from '../../ui/LabelledInput';
import { ValueSelect } from '../../ui/ValueSelect';
import { targetGamesQuery } from './alerts-api';
import type { FormState, TargetForm } from './alert-form';
import { sportChoices, useAlertSports } from './useAlertSports';

/** The sides a market of a game offers: its teams (a moneyline's draw where the sport has one), or Over and Under. */
function sidesOf(game: EventHeader | undefined, market: TargetForm['market']): string[] {
  if (market === 'totals') return ['Over', 'Under'];
  if (!game) return [];
  const draw = market === 'h2h' && game.sport_key.startsWith('soccer') ? ['Draw'] : [];
  return [game.away_team, game.home_team, ...draw];
}

/**
 * A price target's fields (issue: "tell me when the Celtics moneyline is +150 or better at any of my books"): the game
 * from the sport's board, the market and side, the line of a spread or total, and the price or better.
 */
export function PriceTargetFields({ form, onTarget }: { form: FormState; onTarget: (target: TargetForm) => void }) {
  const target = form.target;
  const { sports, names, loading } = useAlertSports();
  const games = useQuery(targetGamesQuery(target.sport));
  // games to come first, then those in play (their prices move with the score), by start
  const now = Date.now();
  const upcoming = (games.data ?? [])
    .filter((g) => !g.completed)
    .sort(
      (a, b) =>
        Number(isEventLive(a, now)) - Number(isEventLive(b, now)) || a.commence_time.localeCompare(b.commence_time),
    );
  const chosen = upcoming.find((g) => g.id === target.eventId);
  const set = (fields: Partial<TargetForm>) => onTarget({ ...target, ...fields });
  const gameIds = upcoming.map((g) => g.id);
  // a saved rule's game may have left the board: it stays the choice, by its saved name
  const saved = target.eventId && !chosen ? [target.eventId] : [];
  const gameNames = Object.fromEntries(
    upcoming.map((g) => [g.id, `${gameName(g)}${isEventLive(g, now) ? ' (in play)' : ''}`]),
  );
  const sides = sidesOf(chosen, target.market);
  return (
    <fieldset className="column price-target-fields" data-testid="price-target-fields">
      <legend>Target</legend>
      <ValueSelect
        label={loading ? 'Sport (loading...)' : 'Sport'}
        value={target.sport}
        values={sportChoices(sports, [target.sport])}
        names={names}
        onChange={(sport) => set({ sport, eventId: '', outcome: '' })}
      />
      {games.isError ? (
        <p className="form-error">{apiErrorText(games.error, 'Could not load the games.')}</p>
      ) : (
        <ValueSelect
          label={games.isPending ? 'Game (loading...)' : 'Game'}
          value={target.eventId}
          values={['', ...saved, ...gameIds]}
          names={{ '': upcoming.length ? 'Choose a game' : 'No upcoming games', ...gameNames }}
          onChange={(eventId) => set({ eventId, outcome: '' })}
        />
      )}
      <ValueSelect
        label="Market"
        value={target.market}
        values={STEAM_MARKETS}
        names={STEAM_MARKET_LABELS}
        onChange={(market) => set({ market, outcome: market === 'totals' ? 'Over' : '' })}
      />
      <ValueSelect
        label="Side"
        value={target.outcome}
        values={['', ...(sides.includes(target.outcome) || !target.outcome ? [] : [target.outcome]), ...sides]}
        names={{ '': 'Choose a side' }}
        onChange={(outcome) => set({ outcome })}
      />
      {target.market !== 'h2h' && (
        <InputInLabel
          label={target.market === 'spreads' ? 'Line (e.g. -3.5), or better' : 'Total (e.g. 220.5), or better'}
          type="number"
          step={0.5}
          required
          value={target.point}
          onChange={(point) => set({ point })}
        />
      )}
      <InputInLabel
        label="Price (American, e.g. +150), or better"
        type="number"
        step={1}
        required
        value={target.price}
        onChange={(price) => set({ price })}
      />
    </fieldset>
  );
}
