-- Issue 16: monitors (tests on a schedule), their alerts, and callback deliveries for alerts.
CREATE TYPE "MonitorStatus" AS ENUM ('active', 'paused');

CREATE TABLE "monitors" (
    "id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "api_key_id" UUID,
    "type" "TestType" NOT NULL,
    "url" TEXT NOT NULL,
    "device" "Device" NOT NULL,
    "interval_seconds" INTEGER NOT NULL CHECK ("interval_seconds" > 0),
    "callback_url" TEXT,
    "run_count" INTEGER NOT NULL DEFAULT 1 CHECK ("run_count" BETWEEN 1 AND 5),
    "assertions" JSONB,
    "down_after" INTEGER NOT NULL DEFAULT 2 CHECK ("down_after" >= 1),
    "regression_points" INTEGER NOT NULL DEFAULT 10 CHECK ("regression_points" >= 1),
    "status" "MonitorStatus" NOT NULL DEFAULT 'active',
    "paused_reason" TEXT,
    "down" BOOLEAN NOT NULL DEFAULT false,
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "last_run_at" TIMESTAMPTZ(3),
    "next_run_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    CONSTRAINT "monitors_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "monitors_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "monitors_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE INDEX "monitors_team_id_created_at_id_idx" ON "monitors"("team_id", "created_at" DESC, "id" DESC);

CREATE TABLE "monitor_alerts" (
    "id" UUID NOT NULL,
    "monitor_id" UUID NOT NULL,
    "test_id" UUID,
    "event" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "details" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "monitor_alerts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "monitor_alerts_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "monitor_alerts_test_id_fkey" FOREIGN KEY ("test_id") REFERENCES "tests"("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "monitor_alerts_monitor_id_test_id_event_key" ON "monitor_alerts"("monitor_id", "test_id", "event");
CREATE INDEX "monitor_alerts_monitor_id_created_at_id_idx" ON "monitor_alerts"("monitor_id", "created_at" DESC, "id" DESC);

ALTER TABLE "tests" ADD COLUMN "monitor_id" UUID;
ALTER TABLE "tests" ADD CONSTRAINT "tests_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "tests_monitor_id_created_at_id_idx" ON "tests"("monitor_id", "created_at" DESC, "id" DESC);

-- A delivery is a test's callback or an alert's; the team whose secret signs it is on the row.
ALTER TABLE "callback_deliveries" ADD COLUMN "team_id" UUID;
UPDATE "callback_deliveries" d SET "team_id" = t."team_id" FROM "tests" t WHERE t."id" = d."test_id";
ALTER TABLE "callback_deliveries" ALTER COLUMN "team_id" SET NOT NULL;
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "callback_deliveries" ALTER COLUMN "test_id" DROP NOT NULL;
ALTER TABLE "callback_deliveries" ADD COLUMN "alert_id" UUID;
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "monitor_alerts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE UNIQUE INDEX "callback_deliveries_alert_id_key" ON "callback_deliveries"("alert_id");
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_one_subject" CHECK (("test_id" IS NULL) <> ("alert_id" IS NULL));
