# syntax=docker/dockerfile:1
# The Tessera API server (site, API and live feed on one port), built for a deployment of several servers on one
# PostgreSQL and one Redis (ADR 0365; compose.yaml runs api x N behind HAProxy). Node 20, as the toolchain.

# ---- build: the whole workspace, the production bundles (web client, SSR, console, API) ----
FROM node:20-bookworm-slim AS build
WORKDIR /src
ENV NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false CI=true
COPY package.json package-lock.json ./
COPY tools/cli/package.json tools/cli/package.json
RUN npm ci --no-audit --no-fund
COPY . .
RUN bash tools/scripts/build.sh \
  && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: the bundles, production dependencies and the brands; no compiler, no sources, not root ----
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4200 \
    BRANDS_DIR=/app/brands WEB_DIST_DIR=/app/dist/apps/web \
    VERIFICATION_DOCUMENTS_DIR=/data/verification-documents \
    TRUST_PROXY=true HTTP_KEEP_ALIVE_TIMEOUT_MS=65000
WORKDIR /app
COPY --from=build /src/package.json ./package.json
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/dist ./dist
COPY --from=build /src/brands ./brands
# Identity documents (ADR 0265) go to a volume the node user owns; everything else is read-only to it.
RUN mkdir -p /data/verification-documents && chown -R node:node /data
USER node
EXPOSE 4200
# Liveness; the load balancer asks /ready (database and brands) before it sends traffic.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4200)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself as PID 1's child is not needed: main.mjs handles SIGTERM (finishes requests, closes the pools).
CMD ["node", "dist/apps/api/main.mjs"]
