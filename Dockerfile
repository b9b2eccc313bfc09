# The product in three stages (README "Production delivery"):
#   build    the workspace installed, then `pnpm build:core`: the production folder apps/stack/dist
#            (the core with the simulator, the built console inside it) — what the test command's
#            "production folder" phase builds and runs (apps/stack/scripts/test-prod.ts);
#   core     that folder alone on Node, as a non-root user: the whole product on :8080 (the default
#            target: `docker build .`); its simulator.js runs shards as a process of their own;
#   console  the console's static files on nginx, forwarding /api, /ws, /mock, /docs, /downloads and
#            /sandboxes to a core (CORE_URL), configured by runtime-config.json.

FROM node:20-bookworm-slim AS build
# better-sqlite3's addon is compiled here, as on a workspace machine (nothing is downloaded for it).
RUN npm install -g pnpm@10.34.9 && apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build:core

# Before `core`, so that a plain `docker build .` (the last stage) makes the core image.
FROM nginxinc/nginx-unprivileged:1.27-alpine AS console
COPY --from=build /app/apps/console/dist/ /usr/share/nginx/html/
# The console's runtime configuration: the core's surfaces on this origin (replace the file to change them).
COPY apps/console/runtime-config.example.json /usr/share/nginx/html/runtime-config.json
COPY apps/console/deploy/nginx.conf.template /etc/nginx/templates/default.conf.template
ENV PORT=8080 CORE_URL=http://core:8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD wget -q -O /dev/null http://127.0.0.1:${PORT}/index.html || exit 1

FROM node:20-bookworm-slim AS core
# The folder sets the rest of its defaults itself (apps/stack/src/production-env.ts); malloc's arenas are read before Node starts.
ENV HOST=0.0.0.0 PORT=8080 MALLOC_ARENA_MAX=1
WORKDIR /app
COPY --from=build --chown=node:node /app/apps/stack/dist/ /app/
# The SQLite default (DATABASE_URL file:./.data/fleet.db) and the recordings live here: mount a volume on it to keep them.
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=3s --start-period=60s --retries=5 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The start command of the test command's "production folder" phase (apps/stack/scripts/test-prod.ts).
CMD ["sh", "-c", "exec node $(cat node-flags) main.js"]
