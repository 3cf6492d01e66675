#!/bin/sh
# The image build's install step (infra/docker/Dockerfile), run in a copy of the sources:
#   sh infra/docker/install-app.sh @pageprobe/api
# leaves the generated Prisma client and that app's production dependencies, nothing else.
set -eu
app="$1"
export CI=true NODE_ENV=production PRISMA_HIDE_UPDATE_MESSAGE=1 CHECKPOINT_DISABLE=1
# PNPM_STORE_DIR: where pnpm keeps the packages it downloads (the Dockerfile's build cache); pnpm's own
# default otherwise.
store="${PNPM_STORE_DIR:+--store-dir=$PNPM_STORE_DIR}"
# The Prisma CLI is a devDependency of @pageprobe/db: install it, generate the client (the CLI wants a
# schema engine path but does not run it, and the client needs no engine: it uses the pg adapter)...
pnpm install --frozen-lockfile $store --prod=false --filter @pageprobe/db
PRISMA_SCHEMA_ENGINE_BINARY=/bin/true pnpm --filter @pageprobe/db run generate
# ...then start over with the app's production dependencies only (its workspace packages included).
find . -name node_modules -type d -prune -exec rm -rf {} +
pnpm install --frozen-lockfile $store --prod --filter "$app..."
# Source maps are for debugging the packages themselves; Node reads none of them (about 47 MB in the API's,
# most of it the API reference's bundle).
find node_modules -name '*.map' -type f -delete
# Prisma's client carries a query compiler for every database it supports; ours is PostgreSQL (about 50 MB).
find node_modules/.pnpm -path '*/@prisma/client/runtime/query_compiler_*' \( -name '*.mysql.*' -o -name '*.sqlite.*' -o -name '*.sqlserver.*' -o -name '*.cockroachdb.*' \) -type f -delete
rm -rf test bench .ci
