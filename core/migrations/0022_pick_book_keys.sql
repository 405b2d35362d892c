-- A pick's bookmaker is the book's catalogue key (api.md "Picks as CSV"), shown by its name on screen. The slip saved
-- the name ("DraftKings", a parlay's "DraftKings, FanDuel") and an import the key, so one book was two groups in
-- Analytics "By book", and the export wrote names where the docs promise keys. Each book of the list (a key, an old
-- key or a name, in any case) becomes its key, as shared/src/domain/books/sportsbooks.ts bookKeyOf reads them; a book
-- outside the catalogue is kept as written. The list is the catalogue as of this migration.
WITH forms (form, key) AS (
  VALUES
  ('draftkings', 'draftkings'),
  ('fanduel', 'fanduel'),
  ('betmgm', 'betmgm'),
  ('williamhill_us', 'williamhill_us'),
  ('prizepicks', 'prizepicks'),
  ('underdog', 'underdog'),
  ('pick6', 'pick6'),
  ('dabble_au', 'dabble_au'),
  ('espnbet', 'espnbet'),
  ('fanatics', 'fanatics'),
  ('hardrockbet', 'hardrockbet'),
  ('pointsbetus', 'pointsbetus'),
  ('betrivers', 'betrivers'),
  ('wynnbet', 'wynnbet'),
  ('unibet_us', 'unibet_us'),
  ('pinnacle', 'pinnacle'),
  ('novig', 'novig'),
  ('prophetx', 'prophetx'),
  ('rebet', 'rebet'),
  ('betopenly', 'betopenly'),
  ('fliff', 'fliff'),
  ('circasports', 'circasports'),
  ('bovada', 'bovada'),
  ('betonlineag', 'betonlineag'),
  ('mybookieag', 'mybookieag'),
  ('lowvig', 'lowvig'),
  ('caesars', 'williamhill_us'),
  ('draftkings_pick6', 'pick6'),
  ('pointsbet', 'pointsbetus'),
  ('unibet', 'unibet_us'),
  ('betonline', 'betonlineag'),
  ('circa', 'circasports'),
  ('hardrock', 'hardrockbet'),
  ('prophet_exchange', 'prophetx'),
  ('dk pick6', 'pick6'),
  ('dabble', 'dabble_au'),
  ('espn bet', 'espnbet'),
  ('hard rock bet', 'hardrockbet'),
  ('circa sports', 'circasports'),
  ('betonline.ag', 'betonlineag'),
  ('mybookie.ag', 'mybookieag'),
  ('lowvig.ag', 'lowvig')
), normalised AS (
  SELECT p.id,
         (SELECT string_agg(coalesce(f.key, trim(t.part)), ',' ORDER BY t.ord)
            FROM unnest(string_to_array(p.bookmaker, ',')) WITH ORDINALITY AS t (part, ord)
            LEFT JOIN forms f ON f.form = lower(trim(t.part))
           WHERE trim(t.part) <> '') AS bookmaker
    FROM picks p
   WHERE p.bookmaker IS NOT NULL
)
UPDATE picks p
   SET bookmaker = n.bookmaker
  FROM normalised n
 WHERE n.id = p.id
   AND p.bookmaker IS DISTINCT FROM n.bookmaker;
