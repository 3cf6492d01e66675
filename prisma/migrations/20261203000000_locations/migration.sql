-- Issue 32: locations. A test may run from several locations: `locations` lists them (null: the one
-- default location, as before), `location_results` holds each location's entry as it finishes, and
-- `quorum` is how many failed locations fail the test (a monitor's run takes its monitor's).
ALTER TABLE "tests" ADD COLUMN "locations" TEXT[];
ALTER TABLE "tests" ADD COLUMN "location_results" JSONB;
ALTER TABLE "tests" ADD COLUMN "quorum" INTEGER;

-- A team's tests without `locations` run at its default location (null: `default`).
ALTER TABLE "teams" ADD COLUMN "default_location" TEXT;

-- A monitor checks from its locations, every location each slot or one in turn (round_robin), and is
-- down when `quorum` of them fail. `location_checks` keeps each location's last few verdicts
-- ({"eu-central": [[slot_ms, reason or null], ...]}) and `decided_slot` the last slot judged across them.
ALTER TABLE "monitors" ADD COLUMN "locations" TEXT[];
ALTER TABLE "monitors" ADD COLUMN "quorum" INTEGER;
ALTER TABLE "monitors" ADD COLUMN "location_mode" TEXT NOT NULL DEFAULT 'every';
ALTER TABLE "monitors" ADD COLUMN "location_checks" JSONB;
ALTER TABLE "monitors" ADD COLUMN "decided_slot" TIMESTAMPTZ(3);
ALTER TABLE "monitors" ADD CONSTRAINT "monitors_location_mode" CHECK ("location_mode" IN ('every', 'round_robin'));

-- Each location's check of a slot is a row of its own. A missing value is filled in from the catalog
-- (PostgreSQL 11+), so existing rows are not rewritten.
ALTER TABLE monitoring.checks ADD COLUMN location TEXT NOT NULL DEFAULT 'default';
ALTER TABLE monitoring.checks DROP CONSTRAINT checks_pkey;
ALTER TABLE monitoring.checks ADD PRIMARY KEY (monitor_id, at, plan, location);
