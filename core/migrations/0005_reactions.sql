-- Game reactions (spec 002 §3, §4, §7; DECISIONS 22): one emoji per user per game, enforced here by the
-- primary key; a game is keyed by the odds feed's event id when there is one, else by the documents' gameKey.

CREATE TABLE reactions (
  game_key    text NOT NULL CHECK (length(game_key) BETWEEN 1 AND 200),
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  emoji       text NOT NULL CHECK (emoji IN ('fire', 'money', 'confident', 'thinking', 'nervous', 'electric')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (game_key, user_id)
);

CREATE INDEX reactions_user_idx ON reactions (user_id);
