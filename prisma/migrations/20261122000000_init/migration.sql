-- CreateEnum
CREATE TYPE "Plan" AS ENUM ('free', 'pro');

-- CreateEnum
CREATE TYPE "KeyScope" AS ENUM ('read', 'write');

-- CreateEnum
CREATE TYPE "TestType" AS ENUM ('lighthouse', 'seo_crawl', 'uptime');

-- CreateEnum
CREATE TYPE "Device" AS ENUM ('mobile', 'desktop');

-- CreateEnum
CREATE TYPE "TestStatus" AS ENUM ('queued', 'running', 'completed', 'failed');

-- CreateEnum
CREATE TYPE "ArtifactKind" AS ENUM ('final_screenshot', 'filmstrip_frame', 'full_page_screenshot', 'lighthouse_json', 'lighthouse_html', 'har', 'crawl_json');

-- CreateEnum
CREATE TYPE "DeliveryState" AS ENUM ('pending', 'delivered', 'failed');

-- CreateTable
CREATE TABLE "teams" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "plan" "Plan" NOT NULL,
    "credits_balance" INTEGER NOT NULL DEFAULT 0,
    "webhook_secret" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "teams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "name" TEXT,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scope" "KeyScope" NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tests" (
    "id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "api_key_id" UUID,
    "type" "TestType" NOT NULL,
    "url" TEXT NOT NULL,
    "device" "Device" NOT NULL,
    "status" "TestStatus" NOT NULL DEFAULT 'queued',
    "callback_url" TEXT,
    "report_token" TEXT NOT NULL,
    "credits_spent" INTEGER NOT NULL DEFAULT 0,
    "performance_score" INTEGER,
    "structure_score" INTEGER,
    "grade" TEXT,
    "scores" JSONB,
    "vitals" JSONB,
    "audits" JSONB,
    "seo_issues" JSONB,
    "result" JSONB,
    "error_code" TEXT,
    "error_message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "artifacts" (
    "id" UUID NOT NULL,
    "test_id" UUID NOT NULL,
    "kind" "ArtifactKind" NOT NULL,
    "name" TEXT NOT NULL,
    "storage_key" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "timing_ms" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "artifacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "credit_ledger" (
    "id" BIGSERIAL NOT NULL,
    "team_id" UUID NOT NULL,
    "delta" INTEGER NOT NULL,
    "balance_after" INTEGER NOT NULL DEFAULT 0,
    "reason" TEXT NOT NULL,
    "test_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_ledger_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "team_id" UUID NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "test_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("team_id","key")
);

-- CreateTable
CREATE TABLE "callback_deliveries" (
    "id" UUID NOT NULL,
    "test_id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "state" "DeliveryState" NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "callback_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "callback_attempts" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "response_snippet" TEXT,

    CONSTRAINT "callback_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_team_id_idx" ON "api_keys"("team_id");

-- CreateIndex
CREATE UNIQUE INDEX "tests_report_token_key" ON "tests"("report_token");

-- CreateIndex
CREATE INDEX "tests_team_id_created_at_id_idx" ON "tests"("team_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "tests_status_created_at_idx" ON "tests"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "artifacts_storage_key_key" ON "artifacts"("storage_key");

-- CreateIndex
CREATE UNIQUE INDEX "artifacts_test_id_name_key" ON "artifacts"("test_id", "name");

-- CreateIndex
CREATE INDEX "credit_ledger_team_id_id_idx" ON "credit_ledger"("team_id", "id");

-- CreateIndex
CREATE UNIQUE INDEX "credit_ledger_test_id_reason_key" ON "credit_ledger"("test_id", "reason");

-- CreateIndex
CREATE INDEX "idempotency_records_expires_at_idx" ON "idempotency_records"("expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "callback_deliveries_test_id_key" ON "callback_deliveries"("test_id");

-- CreateIndex
CREATE INDEX "callback_deliveries_state_created_at_idx" ON "callback_deliveries"("state", "created_at");

-- CreateIndex
CREATE INDEX "callback_attempts_delivery_id_number_idx" ON "callback_attempts"("delivery_id", "number");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tests" ADD CONSTRAINT "tests_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tests" ADD CONSTRAINT "tests_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "artifacts" ADD CONSTRAINT "artifacts_test_id_fkey" FOREIGN KEY ("test_id") REFERENCES "tests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_test_id_fkey" FOREIGN KEY ("test_id") REFERENCES "tests"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "callback_attempts" ADD CONSTRAINT "callback_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "callback_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Rules Prisma's schema language cannot express. Not part of Prisma's diff, so they survive future
-- migrations untouched.

-- The balance can never go below zero, whatever writes it.
ALTER TABLE "teams" ADD CONSTRAINT "teams_credits_balance_non_negative" CHECK ("credits_balance" >= 0);
ALTER TABLE "idempotency_records" ADD CONSTRAINT "idempotency_records_key_length" CHECK (char_length("key") BETWEEN 1 AND 128);

-- Every ledger insert moves the team's balance (row-locking the team, which serialises concurrent
-- debits) and records the balance it left; a debit past zero fails the CHECK above and rolls back.
CREATE FUNCTION "credit_ledger_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "teams" SET "credits_balance" = "credits_balance" + NEW."delta"
    WHERE "id" = NEW."team_id"
    RETURNING "credits_balance" INTO NEW."balance_after";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'team % does not exist', NEW."team_id" USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "credit_ledger_apply" BEFORE INSERT ON "credit_ledger"
  FOR EACH ROW EXECUTE FUNCTION "credit_ledger_apply"();

-- The ledger is append-only: corrections are new entries.
CREATE FUNCTION "credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER "credit_ledger_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "credit_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION "credit_ledger_append_only"();

-- The balance moves only through the ledger, so it always equals the sum of the entries.
CREATE FUNCTION "teams_balance_via_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."credits_balance" IS DISTINCT FROM OLD."credits_balance" AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'credits_balance changes only through credit_ledger' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "teams_balance_via_ledger" BEFORE UPDATE OF "credits_balance" ON "teams"
  FOR EACH ROW EXECUTE FUNCTION "teams_balance_via_ledger"();
CREATE FUNCTION "teams_start_at_zero"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."credits_balance" <> 0 THEN
    RAISE EXCEPTION 'a team starts with 0 credits; grant credits through credit_ledger' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "teams_start_at_zero" BEFORE INSERT ON "teams"
  FOR EACH ROW EXECUTE FUNCTION "teams_start_at_zero"();
