-- Issue 49: an operator's credit adjustment retried with its Idempotency-Key (its first commit cut off
-- by a failover, or its answer lost) moves the credits once. NULL for every other entry (the debits and
-- refunds are unique per test already).
ALTER TABLE "credit_ledger" ADD COLUMN "request_key" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "credit_ledger_team_id_request_key_key" ON "credit_ledger"("team_id", "request_key");
