-- Issue 62: deploys. A team's releases, each running the monitors it names at once and getting a verdict
-- (deploy.checked) from their runs after it against their runs before; alerts name the latest one.
CREATE TABLE "deploys" (
    "id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "environment" TEXT NOT NULL DEFAULT 'production',
    "version" TEXT NOT NULL,
    "commit" TEXT NOT NULL DEFAULT '',
    "url" TEXT,
    "description" TEXT,
    "source" TEXT NOT NULL,
    "run_monitor_ids" UUID[] DEFAULT '{}',
    "run_tags" TEXT[] DEFAULT '{}',
    "callback_url" TEXT,
    "status" TEXT NOT NULL,
    "checks" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "checked_at" TIMESTAMPTZ(3),

    CONSTRAINT "deploys_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "deploys_status" CHECK ("status" IN ('checking', 'passed', 'regressed', 'failed', 'recorded'))
);

CREATE UNIQUE INDEX "deploys_team_id_environment_version_commit_key" ON "deploys"("team_id", "environment", "version", "commit");
CREATE INDEX "deploys_team_id_created_at_id_idx" ON "deploys"("team_id", "created_at" DESC, "id" DESC);
-- The dispatcher's sweep reads the deploys still checking.
CREATE INDEX "deploys_checking_idx" ON "deploys"("created_at") WHERE "status" = 'checking';

ALTER TABLE "deploys" ADD CONSTRAINT "deploys_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "teams" ADD COLUMN "deploy_secret" TEXT;
ALTER TABLE "teams" ADD COLUMN "deploy_alert_window_minutes" INTEGER NOT NULL DEFAULT 120;

-- A deploy's verdict is delivered like an alert: to a channel (no URL), or to its callback_url.
ALTER TABLE "callback_deliveries" ADD COLUMN "deploy_id" UUID;
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_deploy_id_fkey" FOREIGN KEY ("deploy_id") REFERENCES "deploys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "callback_deliveries" DROP CONSTRAINT "callback_deliveries_one_subject";
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_one_subject" CHECK (
  CASE
    WHEN "subscriber_id" IS NOT NULL THEN "test_id" IS NULL AND "alert_id" IS NULL AND "channel_id" IS NULL AND "url" IS NULL AND "deploy_id" IS NULL
    WHEN "channel_id" IS NULL THEN num_nonnulls("test_id", "alert_id", "deploy_id") = 1 AND "url" IS NOT NULL
    ELSE "test_id" IS NULL AND "url" IS NULL
  END
);
