-- Issue 29: monitoring at scale. Due times stay on `monitors`, claimed in batches; a monitor's uptime
-- checks live in their own narrow table, not as tests; per-minute, hourly and daily rollups are kept
-- by upsert as checks and monitor runs finish. These tables are partitioned (by plan, whose retention
-- they follow, then by time) and live in their own schema: Prisma does not model partitioned tables,
-- the code reaches them with SQL, and expiry detaches and drops whole partitions (monitors/partitions.ts).

-- Slots are spread over the interval by a per-monitor phase (no herd at :00); a run still in flight
-- when its next slot comes makes that slot skipped and counted.
ALTER TABLE "monitors" ADD COLUMN "phase_ms" INTEGER NOT NULL DEFAULT floor(random() * 2147483647)::integer;
ALTER TABLE "monitors" ADD COLUMN "running_since" TIMESTAMPTZ(3);
ALTER TABLE "monitors" ADD COLUMN "skipped_runs" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "monitors" ADD COLUMN "last_passed" BOOLEAN;
CREATE INDEX "monitors_next_run_at_idx" ON "monitors"("next_run_at");

CREATE SCHEMA monitoring;

-- The first slot after `after` on the monitor's grid: epoch ms ≡ phase (mod interval).
CREATE FUNCTION monitoring.next_slot(after timestamptz, interval_seconds integer, phase_ms integer)
RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_timestamp(((floor((floor(extract(epoch FROM after) * 1000) - p) / i) + 1) * i + p) / 1000.0)
  FROM (SELECT interval_seconds * 1000::numeric AS i, (phase_ms % (interval_seconds * 1000::bigint))::numeric AS p) g
$$;

-- Rollup merges: stats are {metric: [n, min, sum, max]}, histograms {metric: {bucket: count}}.
CREATE FUNCTION monitoring.merge_stats(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_object_agg(k, CASE
      WHEN x IS NULL THEN y
      WHEN y IS NULL THEN x
      ELSE jsonb_build_array((x->>0)::numeric + (y->>0)::numeric, least((x->>1)::numeric, (y->>1)::numeric),
                             (x->>2)::numeric + (y->>2)::numeric, greatest((x->>3)::numeric, (y->>3)::numeric))
    END), '{}'::jsonb)
  FROM (SELECT k, a->k AS x, b->k AS y FROM (SELECT jsonb_object_keys(a) UNION SELECT jsonb_object_keys(b)) keys(k)) s
$$;

CREATE FUNCTION monitoring.merge_counts(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_object_agg(key, n), '{}'::jsonb) FROM (
    SELECT key, sum(value::numeric) AS n
    FROM (SELECT * FROM jsonb_each_text(a) UNION ALL SELECT * FROM jsonb_each_text(b)) e GROUP BY key) s
$$;

CREATE FUNCTION monitoring.merge_hist(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(jsonb_object_agg(k, CASE
      WHEN x IS NULL THEN y
      WHEN y IS NULL THEN x
      ELSE monitoring.merge_counts(x, y)
    END), '{}'::jsonb)
  FROM (SELECT k, a->k AS x, b->k AS y FROM (SELECT jsonb_object_keys(a) UNION SELECT jsonb_object_keys(b)) keys(k)) s
$$;

-- One uptime check of a monitor: about 150 bytes with its key. `at` is the slot it ran for (the key, so
-- a check run twice, after a worker died, is recorded once); it started `delay_ms` later. Reasons are
-- numbered (monitors/checks/reasons.ts).
CREATE TABLE monitoring.checks (
    monitor_id UUID NOT NULL,
    at TIMESTAMPTZ(3) NOT NULL,
    plan "Plan" NOT NULL,
    delay_ms INTEGER NOT NULL,
    dns_ms INTEGER,
    connect_ms INTEGER,
    tls_ms INTEGER,
    first_byte_ms INTEGER,
    download_ms INTEGER,
    total_ms INTEGER,
    status_code SMALLINT,
    reason SMALLINT,
    certificate_days SMALLINT,
    up BOOLEAN NOT NULL,
    passed BOOLEAN,
    PRIMARY KEY (monitor_id, at, plan)
) PARTITION BY LIST (plan);
CREATE TABLE monitoring.checks_free PARTITION OF monitoring.checks FOR VALUES IN ('free') PARTITION BY RANGE (at);
CREATE TABLE monitoring.checks_pro PARTITION OF monitoring.checks FOR VALUES IN ('pro') PARTITION BY RANGE (at);

-- Rollups of a monitor's runs over a minute, an hour, a day: `n` runs, `ok` of them good, and per metric
-- (the kind's series metrics) the stats and a log-bucket histogram for percentiles (monitors/rollup/).
CREATE TABLE monitoring.rollups_minute (
    monitor_id UUID NOT NULL,
    at TIMESTAMPTZ(3) NOT NULL,
    plan "Plan" NOT NULL,
    n INTEGER NOT NULL,
    ok INTEGER NOT NULL,
    stats JSONB NOT NULL,
    hist JSONB NOT NULL,
    PRIMARY KEY (monitor_id, at, plan)
) PARTITION BY LIST (plan);
CREATE TABLE monitoring.rollups_minute_free PARTITION OF monitoring.rollups_minute FOR VALUES IN ('free') PARTITION BY RANGE (at);
CREATE TABLE monitoring.rollups_minute_pro PARTITION OF monitoring.rollups_minute FOR VALUES IN ('pro') PARTITION BY RANGE (at);

CREATE TABLE monitoring.rollups_hour (LIKE monitoring.rollups_minute INCLUDING ALL) PARTITION BY LIST (plan);
CREATE TABLE monitoring.rollups_hour_free PARTITION OF monitoring.rollups_hour FOR VALUES IN ('free') PARTITION BY RANGE (at);
CREATE TABLE monitoring.rollups_hour_pro PARTITION OF monitoring.rollups_hour FOR VALUES IN ('pro') PARTITION BY RANGE (at);

CREATE TABLE monitoring.rollups_day (LIKE monitoring.rollups_minute INCLUDING ALL) PARTITION BY LIST (plan);
CREATE TABLE monitoring.rollups_day_free PARTITION OF monitoring.rollups_day FOR VALUES IN ('free') PARTITION BY RANGE (at);
CREATE TABLE monitoring.rollups_day_pro PARTITION OF monitoring.rollups_day FOR VALUES IN ('pro') PARTITION BY RANGE (at);

-- A monitor's incidents: from its first failed run to the first good one after it (open while ended_at
-- is null), kept as runs finish.
CREATE TABLE monitoring.incidents (
    monitor_id UUID NOT NULL REFERENCES "monitors"("id") ON DELETE CASCADE,
    started_at TIMESTAMPTZ(3) NOT NULL,
    ended_at TIMESTAMPTZ(3),
    reason TEXT NOT NULL,
    PRIMARY KEY (monitor_id, started_at)
);
