-- Two more alert kinds: steam (Platinum) and price targets (Gold). A price target rule holds its target (PriceTarget
-- of shared: the game, market, side, line and price) and whether it is met now: it fires once per crossing, so
-- `target_crossed` turns true with the crossing that fires (counted in `target_crossings`, which names the crossing's
-- deliveries) and false when the target is met nowhere, and only a rule not crossed can fire.
ALTER TABLE alert_rules DROP CONSTRAINT alert_rules_kind_check;
ALTER TABLE alert_rules
  ADD CONSTRAINT alert_rules_kind_check CHECK (kind IN ('arbitrage', 'middle', 'ev', 'steam', 'price_target')),
  ADD COLUMN target jsonb,
  ADD COLUMN target_event_id text GENERATED ALWAYS AS (target ->> 'eventId') STORED,
  ADD COLUMN target_crossed boolean NOT NULL DEFAULT false,
  ADD COLUMN target_crossings integer NOT NULL DEFAULT 0,
  ADD CONSTRAINT alert_rules_target_check CHECK ((kind = 'price_target') = (target IS NOT NULL));
CREATE INDEX alert_rules_target_event_idx ON alert_rules (target_event_id) WHERE kind = 'price_target';
