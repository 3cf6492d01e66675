-- Issue 31: maintenance windows, reminders and certificate alerts.
-- Monitors gain tags (windows choose monitors by id or by tag), a reminder interval while down, the days
-- of certificate left that alert, when the current incident's monitor.down was last sent (a reminder
-- counts; null when none was: held by maintenance, or up), and the certificate last alerted for (its
-- expiry: once per certificate).
ALTER TABLE "monitors" ADD COLUMN "tags" TEXT[] DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "monitors" ADD COLUMN "remind_every_minutes" INTEGER;
ALTER TABLE "monitors" ADD COLUMN "certificate_alert_days" INTEGER NOT NULL DEFAULT 14;
ALTER TABLE "monitors" ADD COLUMN "down_alerted_at" TIMESTAMPTZ(3);
ALTER TABLE "monitors" ADD COLUMN "certificate_alerted_for" TIMESTAMPTZ(3);
-- Monitors down now were told so before this migration: no "still down" alert for them.
UPDATE "monitors" SET "down_alerted_at" = now() WHERE "down";

-- A window is once (starts_at to ends_at) or recurring: an RRULE whose occurrences start at starts_at's
-- wall-clock time in time_zone and last duration_minutes. It applies to the monitors listed and to those
-- carrying any of its tags.
CREATE TABLE "maintenance_windows" (
    "id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3),
    "rrule" TEXT,
    "duration_minutes" INTEGER,
    "time_zone" TEXT NOT NULL DEFAULT 'UTC',
    "monitor_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "maintenance_windows_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "maintenance_windows_once_or_recurring" CHECK (
      ("rrule" IS NULL AND "ends_at" IS NOT NULL AND "ends_at" > "starts_at" AND "duration_minutes" IS NULL)
      OR ("rrule" IS NOT NULL AND "ends_at" IS NULL AND "duration_minutes" > 0)
    )
);

CREATE INDEX "maintenance_windows_team_id_created_at_id_idx" ON "maintenance_windows"("team_id", "created_at" DESC, "id" DESC);
ALTER TABLE "maintenance_windows" ADD CONSTRAINT "maintenance_windows_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An incident that began during maintenance is marked so; a check made during maintenance is kept but
-- counts neither up nor down (it is left out of the rollups and of uptime's 24 hours).
ALTER TABLE monitoring.incidents ADD COLUMN maintenance BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE monitoring.checks ADD COLUMN maintenance BOOLEAN NOT NULL DEFAULT false;
