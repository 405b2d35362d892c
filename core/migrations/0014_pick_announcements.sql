-- A worker killed between settling picks and pushing `picks.settled` lost the push for good, since a
-- re-run only looks at pending picks. The settlement worker now marks each pick it settles as owed an announcement in
-- the same UPDATE, and clears the mark after the push; every settlement run first pushes what is still owed (an outbox
-- in the row). Picks settled by hand or imported settled are never marked, so they are never pushed.
ALTER TABLE picks ADD COLUMN announce_pending boolean NOT NULL DEFAULT false;

CREATE INDEX picks_announce_pending_idx ON picks (user_id) WHERE announce_pending;
