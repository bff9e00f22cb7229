# The image of one backend service: build with --build-arg SERVICE=auth|billing|drawing|graph|analysis.
# Multi-stage: compile with every dependency, then ship the compiled service with production
# dependencies only, on a slim Node base, as the non-root `node` user.
ARG NODE_IMAGE=node:22.21.1-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /repo
COPY package.json package-lock.json nx.json tsconfig.base.json ./
COPY services ./services
COPY gateway/package.json ./gateway/package.json
COPY web/package.json ./web/package.json
RUN npm ci --no-audit --no-fund
ARG SERVICE
RUN NX_DAEMON=false npx nx run @pid/${SERVICE}:build --outputStyle=static
# Trained models ship beside dist/ (analysis: the symbol classifier and detector, the line-ink model); others have none.
RUN mkdir -p services/${SERVICE}/models

FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /repo
COPY package.json package-lock.json ./
COPY services ./services
COPY gateway/package.json ./gateway/package.json
COPY web/package.json ./web/package.json
ARG SERVICE
RUN npm ci --omit=dev --no-audit --no-fund --workspace @pid/${SERVICE}

FROM ${NODE_IMAGE}
ARG SERVICE
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 SERVICE=${SERVICE}
WORKDIR /app
COPY --from=production-dependencies --chown=node:node /repo/node_modules ./node_modules
COPY --from=build --chown=node:node /repo/services/contracts/package.json ./services/contracts/package.json
COPY --from=build --chown=node:node /repo/services/contracts/dist ./services/contracts/dist
COPY --from=build --chown=node:node /repo/services/platform/package.json ./services/platform/package.json
COPY --from=build --chown=node:node /repo/services/platform/dist ./services/platform/dist
COPY --from=build --chown=node:node /repo/services/${SERVICE}/package.json ./services/${SERVICE}/package.json
COPY --from=build --chown=node:node /repo/services/${SERVICE}/dist ./services/${SERVICE}/dist
COPY --from=build --chown=node:node /repo/services/${SERVICE}/models ./services/${SERVICE}/models
USER node
EXPOSE 3000
# `--migrate-only` as arguments runs the migrations and exits (the chart's hook Job).
ENTRYPOINT ["sh", "-c", "exec node /app/services/$SERVICE/dist/main.js \"$@\"", "--"]
