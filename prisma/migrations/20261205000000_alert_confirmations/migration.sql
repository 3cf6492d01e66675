-- Issue 44: email and webhook channels as a flood. An email channel's address gets nothing but a
-- confirmation mail until it opens the single-use link in it (only the link's SHA-256 is kept), and a
-- team's alerts are counted per clock hour against its plan's quota (messages to channels, and mails).
CREATE TABLE "alert_channel_addresses" (
    "channel_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "confirmed_at" TIMESTAMPTZ(3),
    "token_hash" BYTEA,
    "token_expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_channel_addresses_pkey" PRIMARY KEY ("channel_id", "email")
);

CREATE UNIQUE INDEX "alert_channel_addresses_token_hash_key" ON "alert_channel_addresses"("token_hash");
ALTER TABLE "alert_channel_addresses" ADD CONSTRAINT "alert_channel_addresses_channel_id_fkey" FOREIGN KEY ("channel_id") REFERENCES "alert_channels"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The addresses of channels made before this change count as confirmed: they were receiving alerts, and
-- stopping them silently (an on-call list that no longer hears of an outage) would be worse than what
-- they could still send, which the quota below now bounds. docs/alerts.md says so.
INSERT INTO "alert_channel_addresses" ("channel_id", "email", "confirmed_at")
SELECT DISTINCT c."id", lower(a.email), CURRENT_TIMESTAMP
FROM "alert_channels" c, jsonb_array_elements_text(c."settings" -> 'addresses') AS a(email)
WHERE c."type" = 'email';

CREATE TABLE "alert_quota_usage" (
    "team_id" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "messages" INTEGER NOT NULL DEFAULT 0,
    "emails" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "alert_quota_usage_pkey" PRIMARY KEY ("team_id", "hour")
);

ALTER TABLE "alert_quota_usage" ADD CONSTRAINT "alert_quota_usage_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
