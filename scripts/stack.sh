#!/usr/bin/env bash
# The one command that sets everything up and runs the whole stack with demo data. Ctrl-C stops it all.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-tools.sh
exec bun scripts/stack.ts "$@"
