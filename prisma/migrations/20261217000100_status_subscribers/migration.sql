-- Issue 58: a status page's subscribers, told of its incidents and maintenance by mail or webhook through
-- the outbox alerts use (callback_deliveries), within a quota of their own.
CREATE TYPE "SubscriberKind" AS ENUM ('email', 'webhook');

CREATE TABLE "status_subscribers" (
    "id" UUID NOT NULL,
    "status_page_id" UUID NOT NULL,
    "kind" "SubscriberKind" NOT NULL,
    "address" TEXT NOT NULL,
    "monitor_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "confirmed_at" TIMESTAMPTZ(3),
    "token" TEXT NOT NULL DEFAULT translate(encode((uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())), 'base64'::text), '+/='::text, '-_'::text),
    "secret" TEXT,
    "challenge" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "status_subscribers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "status_subscribers_status_page_id_fkey" FOREIGN KEY ("status_page_id") REFERENCES "status_pages"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "status_subscribers_token_key" ON "status_subscribers"("token");
CREATE UNIQUE INDEX "status_subscribers_status_page_id_kind_address_key" ON "status_subscribers"("status_page_id", "kind", "address");
CREATE INDEX "status_subscribers_status_page_id_created_at_id_idx" ON "status_subscribers"("status_page_id", "created_at" DESC, "id" DESC);

ALTER TABLE "callback_deliveries" ADD COLUMN "subscriber_id" UUID;
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "status_subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;
CREATE INDEX "callback_deliveries_subscriber_id_created_at_idx" ON "callback_deliveries"("subscriber_id", "created_at" DESC);
-- A subscriber's delivery has no other subject and no URL of its own (the subscriber's is read at each try).
ALTER TABLE "callback_deliveries" DROP CONSTRAINT "callback_deliveries_one_subject";
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_one_subject" CHECK (
  CASE
    WHEN "subscriber_id" IS NOT NULL THEN "test_id" IS NULL AND "alert_id" IS NULL AND "channel_id" IS NULL AND "url" IS NULL
    WHEN "channel_id" IS NULL THEN ("test_id" IS NULL) <> ("alert_id" IS NULL) AND "url" IS NOT NULL
    ELSE "test_id" IS NULL AND "url" IS NULL
  END
);

ALTER TABLE "alert_quota_usage" ADD COLUMN "notices" INTEGER NOT NULL DEFAULT 0;

-- Maintenance notices sent, one per occurrence and event, whichever dispatcher's sweep sends it.
CREATE TABLE "maintenance_notices" (
    "window_id" UUID NOT NULL,
    "occurrence_start" TIMESTAMPTZ(3) NOT NULL,
    "event" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "maintenance_notices_pkey" PRIMARY KEY ("window_id", "occurrence_start", "event"),
    CONSTRAINT "maintenance_notices_window_id_fkey" FOREIGN KEY ("window_id") REFERENCES "maintenance_windows"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- A member's monthly uptime report by mail, and the last month sent.
ALTER TABLE "memberships" ADD COLUMN "monthly_report" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "report_sent_for" TEXT;
