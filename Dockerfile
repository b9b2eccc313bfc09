# One image for the core (with the built console) and the simulator shards.
FROM node:20-bookworm-slim AS base
RUN npm install -g pnpm@10.34.9 && apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm db:generate && pnpm --filter @fleet/console run build
ENV HOST=0.0.0.0 PORT=8080 CONSOLE_DIST=/app/apps/console/dist MALLOC_ARENA_MAX=2
EXPOSE 8080
WORKDIR /app/apps/stack
CMD ["sh", "-c", "exec node $(cat node-flags) --import tsx src/main.ts"]
