-- Issue 61: real-user monitoring. A team's sites, each with a public key its pages' beacon sends with
-- their Web Vitals; the ingest aggregates beacons as they arrive into the same log-bucket rollups
-- monitors keep (per site, page group, device class, country and minute, then hour and day), so no
-- beacon is kept. What made pages slow (LCP's element, INP's target, CLS's source) is counted per hour.
CREATE TABLE "rum_sites" (
    "id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "site_key" TEXT NOT NULL,
    "origins" TEXT[] DEFAULT '{}',
    "sample_rate" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "page_groups" JSONB NOT NULL DEFAULT '[]',
    "keep_query_strings" BOOLEAN NOT NULL DEFAULT false,
    "budgets" JSONB NOT NULL DEFAULT '{}',
    "beacons_per_minute" INTEGER NOT NULL DEFAULT 60000,
    "alert_channel_ids" UUID[] DEFAULT '{}',
    "alert_window_minutes" INTEGER NOT NULL DEFAULT 60,
    "alert_min_page_views" INTEGER NOT NULL DEFAULT 50,
    "alert_state" JSONB NOT NULL DEFAULT '{}',
    "alert_checked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "rum_sites_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "rum_sites_sample_rate" CHECK ("sample_rate" > 0 AND "sample_rate" <= 1)
);
CREATE UNIQUE INDEX "rum_sites_site_key_key" ON "rum_sites"("site_key");
CREATE INDEX "rum_sites_team_id_created_at_id_idx" ON "rum_sites"("team_id", "created_at" DESC, "id" DESC);
ALTER TABLE "rum_sites" ADD CONSTRAINT "rum_sites_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- rum.regressed (and rum.recovered): what a site's real users' figures told the team.
CREATE TABLE "rum_alerts" (
    "id" UUID NOT NULL,
    "site_id" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "metric" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "details" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rum_alerts_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "rum_alerts_site_id_created_at_id_idx" ON "rum_alerts"("site_id", "created_at" DESC, "id" DESC);
ALTER TABLE "rum_alerts" ADD CONSTRAINT "rum_alerts_site_id_fkey" FOREIGN KEY ("site_id") REFERENCES "rum_sites"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A RUM alert is delivered as a monitor's is: to each of the site's channels.
ALTER TABLE "callback_deliveries" ADD COLUMN "rum_alert_id" UUID;
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_rum_alert_id_fkey" FOREIGN KEY ("rum_alert_id") REFERENCES "rum_alerts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "callback_deliveries" DROP CONSTRAINT "callback_deliveries_one_subject";
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_one_subject" CHECK (
  CASE
    WHEN "subscriber_id" IS NOT NULL THEN "test_id" IS NULL AND "alert_id" IS NULL AND "channel_id" IS NULL AND "url" IS NULL AND "deploy_id" IS NULL AND "rum_alert_id" IS NULL
    WHEN "channel_id" IS NULL THEN num_nonnulls("test_id", "alert_id", "deploy_id", "rum_alert_id") = 1 AND "url" IS NOT NULL
    ELSE "test_id" IS NULL AND "url" IS NULL
  END
);

-- A site's page views in a minute, an hour, a day, per page group, device class (mobile, tablet,
-- desktop) and country (ISO 3166 alpha-2, or 'XX' when unknown): `n` page views; per metric (lcp_ms,
-- inp_ms, cls, fcp_ms, ttfb_ms) the stats [n, min, sum, max] and the log-bucket histogram as monitors'
-- rollups keep them (merge_stats, merge_hist), and ratings {metric: {good, needs_improvement, poor}}
-- (merge_hist too). Partitioned by plan, then time, like monitors' rollups: they expire by the plan.
CREATE TABLE monitoring.rum_minute (
    site_id UUID NOT NULL,
    at TIMESTAMPTZ(3) NOT NULL,
    plan "Plan" NOT NULL,
    page_group TEXT NOT NULL,
    device TEXT NOT NULL,
    country TEXT NOT NULL,
    n INTEGER NOT NULL,
    stats JSONB NOT NULL,
    hist JSONB NOT NULL,
    ratings JSONB NOT NULL,
    PRIMARY KEY (site_id, at, plan, page_group, device, country)
) PARTITION BY LIST (plan);
CREATE TABLE monitoring.rum_minute_free PARTITION OF monitoring.rum_minute FOR VALUES IN ('free') PARTITION BY RANGE (at);
CREATE TABLE monitoring.rum_minute_pro PARTITION OF monitoring.rum_minute FOR VALUES IN ('pro') PARTITION BY RANGE (at);

CREATE TABLE monitoring.rum_hour (LIKE monitoring.rum_minute INCLUDING ALL) PARTITION BY LIST (plan);
CREATE TABLE monitoring.rum_hour_free PARTITION OF monitoring.rum_hour FOR VALUES IN ('free') PARTITION BY RANGE (at);
CREATE TABLE monitoring.rum_hour_pro PARTITION OF monitoring.rum_hour FOR VALUES IN ('pro') PARTITION BY RANGE (at);

CREATE TABLE monitoring.rum_day (LIKE monitoring.rum_minute INCLUDING ALL) PARTITION BY LIST (plan);
CREATE TABLE monitoring.rum_day_free PARTITION OF monitoring.rum_day FOR VALUES IN ('free') PARTITION BY RANGE (at);
CREATE TABLE monitoring.rum_day_pro PARTITION OF monitoring.rum_day FOR VALUES IN ('pro') PARTITION BY RANGE (at);

-- What made a site's page views slow, per hour: for LCP its element, for INP the interaction's target,
-- for CLS the largest shift's source (a CSS selector, at most 200 characters; '' when none was named),
-- per page group: `n` page views it was named in, `slow` of them rated needs-improvement or poor, the
-- metric's sum over them, and sums of its phases (e.g. LCP's load delay, INP's processing) for averages.
CREATE TABLE monitoring.rum_attribution (
    site_id UUID NOT NULL,
    at TIMESTAMPTZ(3) NOT NULL,
    plan "Plan" NOT NULL,
    metric TEXT NOT NULL,
    page_group TEXT NOT NULL,
    target TEXT NOT NULL,
    n INTEGER NOT NULL,
    slow INTEGER NOT NULL,
    value_sum DOUBLE PRECISION NOT NULL,
    phases JSONB NOT NULL,
    PRIMARY KEY (site_id, at, plan, metric, page_group, target)
) PARTITION BY LIST (plan);
CREATE TABLE monitoring.rum_attribution_free PARTITION OF monitoring.rum_attribution FOR VALUES IN ('free') PARTITION BY RANGE (at);
CREATE TABLE monitoring.rum_attribution_pro PARTITION OF monitoring.rum_attribution FOR VALUES IN ('pro') PARTITION BY RANGE (at);

-- Beacons refused or dropped, per site (the nil UUID when no site could be named) and hour, by reason
-- (origin, no_site, malformed, oversized, bot, limited, sampled_out...): counted, never kept.
CREATE TABLE monitoring.rum_dropped (
    site_id UUID NOT NULL,
    at TIMESTAMPTZ(3) NOT NULL,
    reason TEXT NOT NULL,
    n BIGINT NOT NULL,
    PRIMARY KEY (site_id, at, reason)
);
