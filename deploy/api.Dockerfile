# syntax=docker/dockerfile:1.7
# The API unit (api/): one Node process per container, N replicas behind the edge or the ingress.
# Build from the repository root:  docker build -f deploy/api.Dockerfile -t backlay/api .
# Multi-stage: the workspace is installed and bundled in `build`; `pnpm deploy` copies the api
# package with only its production dependencies into /out; the runtime image holds that, runs as
# the unprivileged `node` user, and keeps its writable state (DATA_DIR, uploads) on a volume.

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install -g pnpm@10.34.9 && pnpm --version
WORKDIR /src

FROM base AS build
# Manifests first: the dependency layer is reused until a manifest or the lockfile changes.
# Every workspace manifest, so the lockfile's importers all exist (a frozen install checks them).
COPY pnpm-workspace.yaml pnpm-lock.yaml package.json ./
COPY api/package.json api/
COPY shell/package.json shell/
COPY remote-sports/package.json remote-sports/
COPY remote-casino/package.json remote-casino/
COPY remote-payments/package.json remote-payments/
COPY remote-admin/package.json remote-admin/
COPY shared/package.json shared/
COPY shared/build/package.json shared/build/
COPY e2e/package.json e2e/
RUN pnpm install --frozen-lockfile --filter @backlay/api...
COPY shared/ shared/
COPY api/ api/
# The commit /api/health names (no .git in the context): `--build-arg BUILD_COMMIT=$(git rev-parse --short HEAD)`.
ARG BUILD_COMMIT=unknown
RUN BUILD_COMMIT=${BUILD_COMMIT} pnpm --filter @backlay/api run build \
 && pnpm --filter @backlay/api deploy --prod --legacy /out \
 && rm -rf /out/src /out/test /out/bench

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=root:root /out /app
# DATA_DIR (uploads of payment screenshots) is the only place the API writes.
RUN mkdir -p /var/lib/backlay && chown node:node /var/lib/backlay
USER node
EXPOSE 8090
# Liveness only (no database): compose and the orchestrator ask /api/health for readiness.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.API_PORT||8090)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "dist/main.js"]
