-- Issue 30: a monitor's page and badges answer at an unguessable token URL, as tests' reports do. The
-- token is 256 bits from two gen_random_uuid() (PostgreSQL's strong random source, 244 bits of it random),
-- base64url: monitors made before this migration get one here, new ones by the same default.
ALTER TABLE "monitors" ADD COLUMN "report_token" TEXT NOT NULL
  DEFAULT translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_');

CREATE UNIQUE INDEX "monitors_report_token_key" ON "monitors"("report_token");

-- A team's public status pages: `monitors` is the ordered list [{id, label}] the team chose; a deleted
-- monitor drops out when the page is read. The slug is the page's public address, unique across teams.
CREATE TABLE "status_pages" (
    "id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "slug" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "monitors" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "status_pages_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "status_pages_slug_key" ON "status_pages"("slug");
CREATE INDEX "status_pages_team_id_created_at_id_idx" ON "status_pages"("team_id", "created_at" DESC, "id" DESC);

ALTER TABLE "status_pages" ADD CONSTRAINT "status_pages_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
