# syntax=docker/dockerfile:1.7
# Backlay Studio (studio/): our own casino game provider, a separate Node service on its own
# origin that speaks the CW-1 wallet protocol to the api. It is built in parallel with this
# file; the stages assume what every Node package here has: a package.json named
# @backlay/studio with a `build` script that writes dist/main.js. Build from the repository root:
#   docker build -f deploy/studio.Dockerfile -t backlay/studio .

ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS base
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN npm install -g pnpm@10.34.9
WORKDIR /src

FROM base AS build
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
COPY studio/package.json studio/
RUN pnpm install --frozen-lockfile --filter @backlay/studio...
COPY shared/ shared/
COPY studio/ studio/
RUN pnpm --filter @backlay/studio run build \
 && pnpm --filter @backlay/studio deploy --prod --legacy /out \
 && rm -rf /out/src /out/test

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=root:root /out /app
USER node
EXPOSE 8095
CMD ["node", "dist/main.js"]
