# One multi-stage image for both processes: `node server/dist/main.js` or `node workers/dist/main.js`.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY core/package.json core/
COPY server/package.json server/
COPY workers/package.json workers/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json .swcrc ./
COPY shared shared
COPY core core
COPY server server
COPY workers workers
COPY client client
# The specs are never compiled (each tsconfig leaves them out); the testing entry and the benches are compiled for the
# server's and workers' benches and left out of the image here, with the dev dependencies.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf shared/dist/testing server/dist/bench workers/dist/bench

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/shared/package.json shared/
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/core/package.json core/
COPY --from=build /app/core/dist core/dist
COPY --from=build /app/core/migrations core/migrations
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/workers/package.json workers/
COPY --from=build /app/workers/dist workers/dist
COPY --from=build /app/client/dist client/dist
USER node
EXPOSE 3000
CMD ["node", "server/dist/main.js"]
