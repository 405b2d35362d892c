-- A book that takes an outcome down (the outcome, its market or the whole book leaves the board) is recorded as a row
-- with no price: the line ends there, and the book's last price before it is not its close (DECISIONS 34: steam alerts
-- are graded against the closing line; a pick's CLV reads the same close). The CHECK (price > 1) stands for priced rows.
-- Dropping NOT NULL only changes the catalogue: no partition is read or rewritten.
ALTER TABLE odds_history ALTER COLUMN price DROP NOT NULL;
