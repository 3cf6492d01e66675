-- Issue 29: before it, a monitor's runs were tests, its uptime checks included, and its history was read
-- from them. The dispatchers' sweep carries the old runs of each monitor made before then into the
-- rollups (and an uptime monitor's into its raw checks) once (packages/monitors/src/backfill-history.ts):
-- a monitor is listed here in the transaction that does it, so a second dispatcher or sweep skips it.
CREATE TABLE monitoring.history_backfilled (
    monitor_id UUID PRIMARY KEY
);
