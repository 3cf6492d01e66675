-- Issue 47: heartbeat monitors, told by pings rather than asking. A monitor of type `heartbeat` has a
-- period (or a cron schedule in a time zone) and a grace; its due time is `deadline_at`, which the
-- dispatchers' tick claims like `next_run_at` (a partial index: only heartbeats have one). `ping_token`
-- is the key of its ping URL (shown in the team's monitor JSON, so kept as it is, like report_token).
ALTER TABLE "monitors" ADD COLUMN "ping_token" TEXT;
ALTER TABLE "monitors" ADD COLUMN "period_seconds" INTEGER;
ALTER TABLE "monitors" ADD COLUMN "grace_seconds" INTEGER;
ALTER TABLE "monitors" ADD COLUMN "schedule" TEXT;
ALTER TABLE "monitors" ADD COLUMN "time_zone" TEXT;
ALTER TABLE "monitors" ADD COLUMN "deadline_at" TIMESTAMPTZ(3);
ALTER TABLE "monitors" ADD COLUMN "run_started_at" TIMESTAMPTZ(3);
ALTER TABLE "monitors" ADD COLUMN "last_ping_at" TIMESTAMPTZ(3);
CREATE UNIQUE INDEX "monitors_ping_token_key" ON "monitors"("ping_token");
CREATE INDEX "monitors_deadline_at_idx" ON "monitors"("deadline_at") WHERE "deadline_at" IS NOT NULL;

-- Every ping as received: its log (a POST body up to 100 KB), partitioned like monitoring.checks (by
-- plan, then by day) and dropped with them at the checks' retention. `id` orders pings of one
-- millisecond. kind: 0 success, 1 start, 2 fail, 3 exit status (exit_code).
CREATE SEQUENCE monitoring.pings_id_seq;
CREATE TABLE monitoring.pings (
    id BIGINT NOT NULL DEFAULT nextval('monitoring.pings_id_seq'),
    monitor_id UUID NOT NULL,
    at TIMESTAMPTZ(3) NOT NULL,
    plan "Plan" NOT NULL,
    kind SMALLINT NOT NULL,
    exit_code SMALLINT,
    duration_ms INTEGER,
    body TEXT,
    PRIMARY KEY (monitor_id, at, id, plan)
) PARTITION BY LIST (plan);
CREATE TABLE monitoring.pings_free PARTITION OF monitoring.pings FOR VALUES IN ('free') PARTITION BY RANGE (at);
CREATE TABLE monitoring.pings_pro PARTITION OF monitoring.pings FOR VALUES IN ('pro') PARTITION BY RANGE (at);

-- Pings stored (acknowledged) and not yet applied to their monitor: the dispatchers' tick takes them
-- (FOR UPDATE SKIP LOCKED), records their checks and moves the deadline, and deletes them in the same
-- transaction. A heartbeat with a ping waiting here is never taken for late.
CREATE TABLE monitoring.ping_inbox (
    id BIGINT PRIMARY KEY,
    monitor_id UUID NOT NULL,
    at TIMESTAMPTZ(3) NOT NULL,
    plan "Plan" NOT NULL,
    kind SMALLINT NOT NULL,
    exit_code SMALLINT
);
CREATE INDEX ping_inbox_monitor_id_idx ON monitoring.ping_inbox (monitor_id);
