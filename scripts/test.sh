#!/usr/bin/env bash
# The one command that runs every test: lint and format check (Biome), type check, then every bun test (real PostgreSQL and nats-server).
set -euo pipefail
cd "$(dirname "$0")/.."
NEED_CHROMIUM=1 bash scripts/ensure-tools.sh
bun run lint
bun run typecheck
exec bun test --timeout 60000 "$@"
