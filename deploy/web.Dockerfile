# syntax=docker/dockerfile:1.7
# A static front-end unit: the shell or one remote, each its own image and deployment
# (ADR 0001). Build from the repository root, e.g.
#   docker build -f deploy/web.Dockerfile --build-arg APP=shell -t backlay/shell .
#   docker build -f deploy/web.Dockerfile --build-arg APP=remote-sports --build-arg BASE=/remotes/sports/ -t backlay/remote-sports .
# BASE is the path the unit is served under on the product's origin: the shell at /, each remote
# under /remotes/<name>/ (its chunks load relative to its manifest: publicPath 'auto'). Served by
# nginx-unprivileged (non-root, port 8080) with deploy/nginx/static.conf: the cache rules of
# shared/build/serve.mjs, SPA fallback for the shell.

ARG NODE_IMAGE=node:24.21.0-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.29.3-alpine

FROM ${NODE_IMAGE} AS build
ARG APP
ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN test -n "$APP" || (echo "--build-arg APP=<shell|remote-…> is required" && exit 1)
RUN npm install -g pnpm@10.34.9
WORKDIR /src
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
RUN pnpm install --frozen-lockfile --filter "./${APP}..."
COPY shared/ shared/
COPY ${APP}/ ${APP}/
RUN pnpm --filter "./${APP}" run build
# Every text file over 512 bytes also as a .gz at the highest level, once, here: nginx serves
# them as they are (gzip_static in deploy/nginx/static.conf). shared/build/serve.mjs gzips at the
# same level, so `pnpm bench:pages` measures what these units send.
RUN find "${APP}/dist" -type f -size +512c \( -name '*.js' -o -name '*.css' -o -name '*.json' -o -name '*.html' -o -name '*.svg' -o -name '*.txt' \) \
      -exec gzip -9 -k -n {} +

FROM ${NGINX_IMAGE} AS runtime
ARG APP
ARG BASE=/
# Its own root, not the image's html/ (nginx's welcome page must not answer for a remote).
COPY deploy/nginx/static.conf /etc/nginx/conf.d/default.conf
COPY --from=build /src/${APP}/dist /usr/share/backlay/html${BASE}
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/healthz"]
