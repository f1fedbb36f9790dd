# The API (server/) as a container for Cloud Run: several instances behind the Hosting rewrite of
# /api/** (firebase.json). See README "Deploying the API on Cloud Run".
#   docker build -t nimbus-api .
#   docker run -p 8080:8080 -e FIREBASE_PROJECT_ID=... -e SITE_ORIGIN=https://... nimbus-api
FROM node:24-bookworm-slim

ENV NODE_ENV=production \
    LOG_LEVEL=info
WORKDIR /app

# Runtime dependencies only (tsx, which runs the TypeScript sources, is one of them).
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# The server and the pure rules it shares with the site; nothing of the browser app.
COPY tsconfig.json ./
COPY server ./server
COPY src/domain ./src/domain

# Never root: the image's unprivileged 'node' user, which cannot write the code.
USER node

# Cloud Run says which port to listen on in PORT (8080 by default).
EXPOSE 8080
# Liveness (/api/health never touches a dependency). Cloud Run ignores HEALTHCHECK and uses the
# probes of deploy/cloud-run.yaml: startup on /api/ready, liveness on /api/health.
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# exec: node is PID 1 and gets SIGTERM, so passes in flight finish (server/index.ts).
CMD ["sh", "-c", "API_PORT=\"${PORT:-8080}\" exec node --import tsx server/index.ts"]
