-- Degraded, between up and down: a check whose failed expectations all say `severity: "degraded"` is up
-- for uptime but degraded. A monitor is degraded after down_after such checks in a row (monitor.degraded),
-- until a check passes every expectation (monitor.recovered, sent only if its monitor.degraded was).
ALTER TABLE "monitors" ADD COLUMN "degraded" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "monitors" ADD COLUMN "consecutive_degraded" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "monitors" ADD COLUMN "degraded_alerted_at" TIMESTAMPTZ(3);

ALTER TABLE monitoring.checks ADD COLUMN degraded BOOLEAN NOT NULL DEFAULT false;
