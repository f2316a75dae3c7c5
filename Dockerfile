# One image for every service; a Deployment or Nomad task picks the service by its command
# (`bun services/<name>/src/main.ts`, migrations: `bun packages/db/src/migrate-cli.ts`).
# deploy/image.test.ts runs the install stage's steps into a clean directory and starts every service from it.
ARG BUN_VERSION=1.4.5

FROM oven/bun:${BUN_VERSION} AS install
WORKDIR /app
# .dockerignore keeps out tests, fixtures, docs, deploy files and the local tools: only what runs.
COPY . .
RUN bun install --frozen-lockfile --production --ignore-scripts

FROM oven/bun:${BUN_VERSION}-slim AS runtime
WORKDIR /app
# Files owned by root and only readable by the service user; the root filesystem can be mounted read-only.
COPY --from=install /app /app
# No transpiler cache on disk (read-only root filesystem); HOME on the writable /tmp.
ENV NODE_ENV=production BUN_RUNTIME_TRANSPILER_CACHE_PATH=0 HOME=/tmp
USER 1000:1000
EXPOSE 8080 8090 9000
CMD ["bun", "services/gateway/src/main.ts"]
