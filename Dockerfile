# SFR Analyst in one image: the API serving the built web app on port 3000.
#   docker compose up --build      (Postgres + this image + ../shared/data/market, see docker-compose.yml)
# The public market data is not in the image: mount it at MARKET_DATA_DIR (/data/market).
FROM node:20-slim

ENV PNPM_HOME=/pnpm PATH=/pnpm:$PATH CI=true
RUN corepack enable && corepack prepare pnpm@10.34.8 --activate
WORKDIR /app

# Packages first (from the lockfile alone), so a source change does not download them again.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch

COPY . .
RUN pnpm install --frozen-lockfile --offline && pnpm build

# Production refuses to start without STRIPE_* (or BILLING_MODE=test on purpose) and SMTP_URL.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 MARKET_DATA_DIR=/data/market
EXPOSE 3000
# the API built above (apps/api/dist/server.js), run by plain node: no tsx, no pnpm at run time
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
