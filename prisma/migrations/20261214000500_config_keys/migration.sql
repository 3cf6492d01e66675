-- Issue 50: monitoring as code. Monitors, alert channels, maintenance windows and status pages gain the
-- `key` a configuration file names them by and `managed_by`, the file that manages them (null: made by
-- hand). A key is unique per team among resources of its kind; a deleted monitor (a soft delete) gives
-- its key up, so a file can make another under it.
ALTER TABLE "monitors" ADD COLUMN "key" TEXT, ADD COLUMN "managed_by" TEXT;
ALTER TABLE "alert_channels" ADD COLUMN "key" TEXT, ADD COLUMN "managed_by" TEXT;
ALTER TABLE "maintenance_windows" ADD COLUMN "key" TEXT, ADD COLUMN "managed_by" TEXT;
ALTER TABLE "status_pages" ADD COLUMN "key" TEXT, ADD COLUMN "managed_by" TEXT;

CREATE UNIQUE INDEX "monitors_team_id_key_key" ON "monitors" ("team_id", "key")
  WHERE "key" IS NOT NULL AND "deleted_at" IS NULL;
CREATE UNIQUE INDEX "alert_channels_team_id_key_key" ON "alert_channels" ("team_id", "key") WHERE "key" IS NOT NULL;
CREATE UNIQUE INDEX "maintenance_windows_team_id_key_key" ON "maintenance_windows" ("team_id", "key")
  WHERE "key" IS NOT NULL;
CREATE UNIQUE INDEX "status_pages_team_id_key_key" ON "status_pages" ("team_id", "key") WHERE "key" IS NOT NULL;
