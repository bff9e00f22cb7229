# The gateway with the built web app in its static folder. Same stages as service.Dockerfile.
ARG NODE_IMAGE=node:22.21.1-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
COPY package.json package-lock.json nx.json tsconfig.base.json eslint.config.mjs ./
COPY services ./services
COPY gateway ./gateway
COPY web ./web
RUN npm ci --no-audit --no-fund
RUN NX_DAEMON=false npx nx run-many -t build -p @pid/gateway @pid/web --outputStyle=static

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /repo
COPY package.json package-lock.json ./
COPY services ./services
COPY gateway/package.json ./gateway/package.json
COPY web/package.json ./web/package.json
RUN npm ci --omit=dev --no-audit --no-fund --workspace @pid/gateway

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 STATIC_DIR=/app/gateway/static
WORKDIR /app
COPY --from=production-dependencies --chown=node:node /repo/node_modules ./node_modules
COPY --from=build --chown=node:node /repo/services/contracts/package.json ./services/contracts/package.json
COPY --from=build --chown=node:node /repo/services/contracts/dist ./services/contracts/dist
COPY --from=build --chown=node:node /repo/services/platform/package.json ./services/platform/package.json
COPY --from=build --chown=node:node /repo/services/platform/dist ./services/platform/dist
COPY --from=build --chown=node:node /repo/gateway/package.json ./gateway/package.json
COPY --from=build --chown=node:node /repo/gateway/dist ./gateway/dist
COPY --from=build --chown=node:node /repo/gateway/static ./gateway/static
USER node
EXPOSE 8080
CMD ["node", "/app/gateway/dist/main.js"]
