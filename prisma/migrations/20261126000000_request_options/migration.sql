-- Issue 18: request options (headers, cookies, basic auth, lighthouse settings, user flows) and their
-- secret values, sealed, in a table of their own that a finished test leaves empty.
ALTER TABLE "tests" ADD COLUMN "options" JSONB;
ALTER TABLE "monitors" ADD COLUMN "options" JSONB, ADD COLUMN "secrets" BYTEA;

CREATE TABLE "test_secrets" (
    "test_id" UUID NOT NULL,
    "sealed" BYTEA NOT NULL,
    "context" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "test_secrets_pkey" PRIMARY KEY ("test_id"),
    CONSTRAINT "test_secrets_test_id_fkey" FOREIGN KEY ("test_id") REFERENCES "tests"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
