# Latent: one image for every role (ROLE=all, web or worker). `docker build -t latent .`
# Runs exactly what `npm start` runs (`node apps/server/src/main.ts`), with the same environment variables (README).

# 0. What npm ci needs: the manifests, the lockfile and the scripts its postinstall runs.
FROM node:24-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY scripts ./scripts
COPY packages/domain/package.json packages/domain/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/

# 1. The web app, built with the dev dependencies.
FROM manifests AS build
RUN npm ci
COPY . .
RUN npm run build

# 2. The runtime dependencies only (sharp's prebuilt libvips comes with them).
FROM manifests AS deps
RUN npm ci --omit=dev && npm cache clean --force

# 3. The server's sources (Node runs the TypeScript as is), the built web app, no compiler, no tests; not root.
FROM node:24-slim
# No NODE_ENV: the server behaves the same as under `npm start`.
ENV HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
# glibc: image buffers go back to the system when freed (see scripts/run.sh, decision 0025).
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072
# The young generation bounded as scripts/run.sh does (decision 0033).
ENV NODE_OPTIONS=--max-semi-space-size=16
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
COPY packages/domain ./packages/domain
COPY apps/server ./apps/server
# The Lightroom plugin the server zips for download (features/plugins).
COPY apps/lightroom ./apps/lightroom
COPY --from=build /app/apps/web/dist ./apps/web/dist
# DATA_DIR keeps temporary copies of scans being processed (and, without DATABASE_URL and S3_BUCKET, everything).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# V8 flags Node refuses in NODE_OPTIONS: apps/server/src/start-flags.ts (decision 0049).
CMD ["node", "--external-memory-accounted-in-global-limit", "apps/server/src/main.ts"]
