-- Issue 59 item 5: a team's variables and secrets, used by its checks as {{vars.NAME}} and
-- {{secrets.NAME}}. A plain one is kept in clear; a secret one only sealed under SECRETS_KEY, bound to
-- "team-variable:<team id>:<name>". The CHECK keeps each row one or the other.
CREATE TABLE "team_variables" (
    "id" UUID NOT NULL,
    "team_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "secret" BOOLEAN NOT NULL DEFAULT false,
    "value" TEXT,
    "sealed" BYTEA,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "team_variables_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "team_variables_value_or_sealed" CHECK (
        ("secret" AND "sealed" IS NOT NULL AND "value" IS NULL)
        OR (NOT "secret" AND "value" IS NOT NULL AND "sealed" IS NULL)
    )
);

CREATE UNIQUE INDEX "team_variables_team_id_name_key" ON "team_variables"("team_id", "name");

ALTER TABLE "team_variables" ADD CONSTRAINT "team_variables_team_id_fkey" FOREIGN KEY ("team_id") REFERENCES "teams"("id") ON DELETE CASCADE ON UPDATE CASCADE;
