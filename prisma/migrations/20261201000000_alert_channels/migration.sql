-- Issue 31: alerts where people read them. An alert channel is a team's Slack, Teams, Discord, PagerDuty,
-- email or webhook target. Its secret part (a webhook URL, a routing key) is sealed like request options
-- (AES-256-GCM under SECRETS_KEY, context "alert-channel:<id>"); `settings` holds what may be shown
-- (email addresses). `first_failure_at` is the first failed attempt since the last delivered one: a
-- channel whose deliveries have all failed for 24 hours becomes `failing`.
CREATE TYPE "AlertChannelType" AS ENUM ('slack', 'teams', 'discord', 'pagerduty', 'email', 'webhook');
CREATE TYPE "AlertChannelState" AS ENUM ('ok', 'failing');

CREATE TABLE "alert_channels" (
    "id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "type" "AlertChannelType" NOT NULL,
    "name" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "sealed" BYTEA,
    "state" "AlertChannelState" NOT NULL DEFAULT 'ok',
    "first_failure_at" TIMESTAMPTZ(3),
    "last_delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_channels_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "alert_channels_team_id_created_at_id_idx" ON "alert_channels"("team_id", "created_at" DESC, "id" DESC);
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Which channels a monitor's alerts go to; deleting either side removes the link.
CREATE TABLE "monitor_alert_channels" (
    "monitor_id" UUID NOT NULL,
    "channel_id" UUID NOT NULL,

    CONSTRAINT "monitor_alert_channels_pkey" PRIMARY KEY ("monitor_id", "channel_id")
);

CREATE INDEX "monitor_alert_channels_channel_id_idx" ON "monitor_alert_channels"("channel_id");
ALTER TABLE "monitor_alert_channels" ADD CONSTRAINT "monitor_alert_channels_monitor_id_fkey" FOREIGN KEY ("monitor_id") REFERENCES "monitors"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "monitor_alert_channels" ADD CONSTRAINT "monitor_alert_channels_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "alert_channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A channel's messages go through the callbacks' outbox: a delivery row per alert and channel. Its target
-- is read from the channel at each attempt (never copied here: it is secret), so `url` is null for them.
-- A delivery to a channel may have no alert: the notice that another of the team's channels is failing.
ALTER TABLE "callback_deliveries" ADD COLUMN "channel_id" UUID;
ALTER TABLE "callback_deliveries" ALTER COLUMN "url" DROP NOT NULL;
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "alert_channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;
DROP INDEX "callback_deliveries_alert_id_key";
CREATE UNIQUE INDEX "callback_deliveries_alert_id_channel_id_key" ON "callback_deliveries"("alert_id", "channel_id");
CREATE INDEX "callback_deliveries_channel_id_created_at_id_idx" ON "callback_deliveries"("channel_id", "created_at" DESC, "id" DESC);
ALTER TABLE "callback_deliveries" DROP CONSTRAINT "callback_deliveries_one_subject";
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_one_subject" CHECK (
  CASE WHEN "channel_id" IS NULL
    THEN ("test_id" IS NULL) <> ("alert_id" IS NULL) AND "url" IS NOT NULL
    ELSE "test_id" IS NULL AND "url" IS NULL
  END
);
