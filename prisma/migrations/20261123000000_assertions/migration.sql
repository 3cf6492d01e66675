-- Issue 15: assertions given at POST /tests, and how the finished test fared against them.
ALTER TABLE "tests" ADD COLUMN "assertions" JSONB,
ADD COLUMN "assertion_results" JSONB,
ADD COLUMN "passed" BOOLEAN;
