-- Issue 44: a monitor's badges answer to a token of their own, so a badge in a README never opens the
-- monitor's page (its URL, alerts and reports). The default is volatile, so every existing monitor gets a
-- fresh token of its own here: a badge URL made with the page's token stops answering, as meant.
ALTER TABLE "monitors" ADD COLUMN "badge_token" TEXT NOT NULL
  DEFAULT translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_');

CREATE UNIQUE INDEX "monitors_badge_token_key" ON "monitors"("badge_token");
