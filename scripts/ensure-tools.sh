#!/usr/bin/env bash
# Installs what the project needs on a fresh Debian machine that has Node and npm:
# Bun (from npm); nats-server, PostgreSQL, poppler-utils, Prometheus and its PostgreSQL exporter (from Debian's packages
# when missing); then the workspace.
set -euo pipefail

BUN_VERSION=1.4.5
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else echo "need root for: $*" >&2; return 1; fi; }
apt_updated=0
apt_install() {
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq >/dev/null; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! command -v bun >/dev/null || [ "$(bun --version)" != "$BUN_VERSION" ]; then
  echo "installing bun $BUN_VERSION from npm" >&2
  npm install -g --silent "bun@$BUN_VERSION" >/dev/null 2>&1 || as_root npm install -g --silent "bun@$BUN_VERSION" >/dev/null
fi

if ! command -v nats-server >/dev/null && [ ! -x /usr/sbin/nats-server ]; then
  echo "installing nats-server from Debian" >&2
  apt_install nats-server
fi

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "installing postgresql from Debian" >&2
  apt_install postgresql
fi

# The tests read evidence PDFs with pdftotext and check the alert rules with promtool against a real Prometheus.
if ! command -v pdftotext >/dev/null; then
  echo "installing poppler-utils from Debian" >&2
  apt_install poppler-utils
fi

if ! command -v promtool >/dev/null || ! command -v prometheus >/dev/null; then
  echo "installing prometheus from Debian" >&2
  apt_install prometheus
fi

# The deploy tests run the PostgreSQL exporter the deployments ship against a real database.
if ! command -v prometheus-postgres-exporter >/dev/null; then
  echo "installing prometheus-postgres-exporter from Debian" >&2
  apt_install prometheus-postgres-exporter
fi

if [ "${NEED_WRK:-0}" = 1 ] && ! command -v wrk >/dev/null; then
  echo "installing wrk from Debian" >&2
  apt_install wrk
fi

if [ "${NEED_CHROMIUM:-0}" = 1 ] && ! command -v chromium >/dev/null; then
  echo "installing chromium from Debian" >&2
  apt_install chromium
fi

bun install --frozen-lockfile >/dev/null
