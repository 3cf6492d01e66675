-- Issue 58: incidents people write on their status pages, each move an update; and a page's own look.
CREATE TYPE "IncidentStatus" AS ENUM ('investigating', 'identified', 'monitoring', 'resolved');
CREATE TYPE "IncidentImpact" AS ENUM ('degraded_performance', 'partial_outage', 'major_outage');

CREATE TABLE "incidents" (
    "id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "status" "IncidentStatus" NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),
    "postmortem" TEXT,
    "opened_for" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "incidents_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "incidents_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    -- Resolved exactly when it carries its resolving time.
    CONSTRAINT "incidents_resolved_check" CHECK (("status" = 'resolved') = ("resolved_at" IS NOT NULL))
);
CREATE INDEX "incidents_team_id_created_at_id_idx" ON "incidents"("team_id", "created_at" DESC, "id" DESC);
CREATE INDEX "incidents_team_id_started_at_idx" ON "incidents"("team_id", "started_at" DESC);
-- One open automatic incident per monitor: two checks racing to open one open one.
CREATE UNIQUE INDEX "incidents_open_opened_for_key" ON "incidents"("opened_for") WHERE "resolved_at" IS NULL;

CREATE TABLE "incident_components" (
    "incident_id" UUID NOT NULL,
    "monitor_id" UUID NOT NULL,
    "impact" "IncidentImpact" NOT NULL,
    CONSTRAINT "incident_components_pkey" PRIMARY KEY ("incident_id", "monitor_id"),
    CONSTRAINT "incident_components_incident_id_fkey" FOREIGN KEY ("incident_id") REFERENCES "incidents"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "incident_components_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "incident_components_monitor_id_idx" ON "incident_components"("monitor_id");

CREATE TABLE "incident_updates" (
    "id" UUID NOT NULL,
    "incident_id" UUID NOT NULL,
    "status" "IncidentStatus" NOT NULL,
    "message" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "incident_updates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "incident_updates_incident_id_fkey" FOREIGN KEY ("incident_id") REFERENCES "incidents"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "incident_updates_incident_id_at_idx" ON "incident_updates"("incident_id", "at");

ALTER TABLE "status_pages" ADD COLUMN "auto_incidents" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "logo_url" TEXT,
    ADD COLUMN "accent_color" TEXT;
