# syntax=docker/dockerfile:1
# One image for every service of the shop; the command picks which (see compose.yaml):
#   node gateway/dist/server.js           the shop (web app + GraphQL), port 4000 (the default)
#   node api/dist/server.js               the REST api, port 4001
#   node payment-simulator/dist/server.js the offline stand-in for Razorpay, port 4002
#   node api/dist/cli/import-catalogue.js | settle-payments.js | staff-invite.js   the operator commands

FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shop-rules/package.json shop-rules/
COPY server-kit/package.json server-kit/
COPY rest-contract/package.json rest-contract/
COPY api/package.json api/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY admin/package.json admin/
COPY explorer/package.json explorer/
COPY examples/node-client/package.json examples/node-client/
COPY payment-simulator/package.json payment-simulator/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24.21.0-bookworm-slim AS runtime
ENV NODE_ENV=production \
    GLIBC_TUNABLES=glibc.malloc.mmap_threshold=32768 \
    HOST=0.0.0.0 \
    API_HOST=0.0.0.0 \
    PAYMENT_SIM_HOST=0.0.0.0 \
    LOG_FORMAT=json \
    WEB_DIST=/app/web/dist \
    DATA_DIR=/data \
    HEALTHCHECK_URL=http://127.0.0.1:4000/health
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/schema ./schema
COPY --from=build --chown=node:node /app/shop-rules/package.json ./shop-rules/
COPY --from=build --chown=node:node /app/shop-rules/dist ./shop-rules/dist
COPY --from=build --chown=node:node /app/server-kit/package.json ./server-kit/
COPY --from=build --chown=node:node /app/server-kit/dist ./server-kit/dist
COPY --from=build --chown=node:node /app/api/package.json ./api/
COPY --from=build --chown=node:node /app/api/dist ./api/dist
COPY --from=build --chown=node:node /app/gateway/package.json ./gateway/
COPY --from=build --chown=node:node /app/gateway/dist ./gateway/dist
# The gateway's own versions of packages another workspace needs older (its Redis client, keyv 5).
COPY --from=build --chown=node:node /app/gateway/node_modules ./gateway/node_modules
COPY --from=build --chown=node:node /app/payment-simulator/package.json ./payment-simulator/
COPY --from=build --chown=node:node /app/payment-simulator/dist ./payment-simulator/dist
COPY --from=build --chown=node:node /app/payment-simulator/public ./payment-simulator/public
COPY --from=build --chown=node:node /app/web/package.json ./web/
COPY --from=build --chown=node:node /app/web/dist ./web/dist
COPY --from=build --chown=node:node /app/web/dist-server ./web/dist-server
# The web app's trusted documents (TRUSTED_DOCUMENTS) and the offline explorer (GRAPHIQL=on).
COPY --from=build --chown=node:node /app/web/src/__generated__/trusted-documents.json ./web/src/__generated__/trusted-documents.json
COPY --from=build --chown=node:node /app/explorer/dist ./explorer/dist
# The back office (/admin/) and its trusted documents, the only ones /admin/graphql runs in production.
COPY --from=build --chown=node:node /app/admin/package.json ./admin/
COPY --from=build --chown=node:node /app/admin/dist ./admin/dist
COPY --from=build --chown=node:node /app/admin/src/__generated__/trusted-documents.json ./admin/src/__generated__/trusted-documents.json
COPY --from=build --chown=node:node /app/tests/package.json ./tests/
COPY --chown=node:node deploy/healthcheck.mjs ./deploy/healthcheck.mjs
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 4000 4001 4002
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
CMD ["node", "--max-old-space-size=192", "--max-semi-space-size=1", "gateway/dist/server.js"]
