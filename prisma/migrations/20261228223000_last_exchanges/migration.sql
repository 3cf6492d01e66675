-- Issue 60: the last request and response of each monitor's check (status, headers with credentials
-- redacted, timings, the body's first 2 KB), shown on its dashboard page. One row a monitor, overwritten
-- by the batch write that records its checks: bounded by the number of monitors, never a history.
CREATE TABLE monitoring.last_exchanges (
  monitor_id uuid PRIMARY KEY REFERENCES monitors(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  location text NOT NULL,
  exchange jsonb NOT NULL
);
