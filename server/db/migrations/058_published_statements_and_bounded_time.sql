-- Record 0259. Written for PostgreSQL 15 and PGlite alike.
--
-- 1. The acceptance statements the server published to each learner: the text it built for them
--    (src/domain/acceptance/statement.ts) and handed over with their data. An acceptance must
--    name one of these (server/acceptance/store.ts); any other text is refused. Append-only.
CREATE TABLE published_statements (
  user_id integer NOT NULL REFERENCES users (id),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  -- The learner's obra slug when it was published (NULL = the configuration's first).
  obra text,
  body text NOT NULL,
  first_published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, hash)
);
CREATE FUNCTION published_statements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'published_statements is append-only'; END $$;
CREATE TRIGGER published_statements_no_change BEFORE UPDATE OR DELETE ON published_statements FOR EACH ROW EXECUTE FUNCTION published_statements_append_only();

-- 2. When the server first received each session (its first save). Rows older than this column
--    have none: for them the last save stands in (no older session gains time).
ALTER TABLE learning_sessions ADD COLUMN first_seen_at timestamptz;
ALTER TABLE learning_sessions ALTER COLUMN first_seen_at SET DEFAULT now();

-- 3. A cycle's time spent, bounded by what the server can see. Every place that reports or seals
--    time spent uses this function, never sum(seconds).
--    - A session counts from its claimed start, but never before the cycle began (the account's
--      creation for cycle 1, else the cycle's row in induction_cycles) and never after the server
--      first received it (a start claimed later — in the future — is not believed), up to its
--      last save: at most its seconds, placed at the end of that window.
--    - Sessions that overlap count once: the union of those spans.
--    - At most 8 hours per Colombian calendar day (UTC-5 all year).
CREATE FUNCTION learning_seconds(p_user integer, p_course text, p_cycle integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  WITH cycle_start AS (
    SELECT COALESCE(
             (SELECT ic.started_at FROM induction_cycles ic
               WHERE ic.user_id = p_user AND ic.cycle = p_cycle),
             (SELECT u.created_at FROM users u WHERE u.id = p_user)) AS at
  ), windows AS (
    SELECT GREATEST(c.at, LEAST(s.started_at, COALESCE(s.first_seen_at, s.updated_at))) AS lo,
           s.updated_at AS hi, s.seconds
      FROM learning_sessions s CROSS JOIN cycle_start c
     WHERE s.user_id = p_user AND s.course_id = p_course AND s.cycle = p_cycle
  ), spans AS (
    SELECT GREATEST(lo, hi - seconds * interval '1 second') AS a, hi AS b
      FROM windows WHERE hi > lo AND seconds > 0
  ), marked AS (
    SELECT a, b,
           CASE WHEN a <= max(b) OVER (ORDER BY a, b ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
                THEN 0 ELSE 1 END AS starts
      FROM spans
  ), islands AS (
    SELECT a, b, sum(starts) OVER (ORDER BY a, b ROWS UNBOUNDED PRECEDING) AS island FROM marked
  ), merged AS (
    SELECT min(a) AS a, max(b) AS b FROM islands GROUP BY island
  ), per_day AS (
    SELECT d.local_day,
           sum(extract(epoch FROM LEAST(m.b, d.day_start + interval '1 day')
                                  - GREATEST(m.a, d.day_start))) AS secs
      FROM merged m
      CROSS JOIN LATERAL (
        SELECT g AS local_day, (g + interval '5 hours') AT TIME ZONE 'UTC' AS day_start
          FROM generate_series(date_trunc('day', (m.a AT TIME ZONE 'UTC') - interval '5 hours'),
                               (m.b AT TIME ZONE 'UTC') - interval '5 hours',
                               interval '1 day') AS g) d
     GROUP BY d.local_day
  )
  SELECT COALESCE(floor(sum(LEAST(secs, 8 * 3600))), 0)::integer FROM per_day
$$;
