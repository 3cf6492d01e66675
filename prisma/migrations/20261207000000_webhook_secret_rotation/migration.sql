-- Issue 45: a team's webhook secret rotates with an overlap. The secret it replaced keeps signing
-- callbacks, beside the new one (a second `v1=` in X-Service-Signature), until the time given here.
ALTER TABLE "teams" ADD COLUMN "webhook_secret_previous" TEXT;
ALTER TABLE "teams" ADD COLUMN "webhook_secret_previous_expires_at" TIMESTAMPTZ(3);
