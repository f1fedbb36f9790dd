import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// There is no Docker engine here, so the image is checked as text against the repository: what it
// copies exists and is all the server needs, it runs as non-root with runtime dependencies only.
const ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const dockerfile = read('Dockerfile');

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(ROOT, file)).isDirectory()) return sourcesUnder(file);
    return file.endsWith('.ts') ? [file] : [];
  });
}

describe('the API image (Dockerfile)', () => {
  it('installs runtime dependencies only, runs as the unprivileged node user and checks liveness', () => {
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev\b/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).not.toMatch(/^USER root$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health/m);
    expect(dockerfile).toMatch(/^CMD .*exec node --import tsx server\/index\.ts/m);
    // tsx runs the TypeScript sources, so it must be a runtime dependency.
    const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).toContain('tsx');
  });

  it('copies every file the server imports from outside server/, and that exists', () => {
    const copied = [...dockerfile.matchAll(/^COPY (\S+) /gm)].map((match) => match[1]!);
    for (const source of copied) expect(statSync(path.join(ROOT, source))).toBeTruthy();
    const outside = new Set<string>();
    for (const file of sourcesUnder('server')) {
      for (const [, specifier] of read(file).matchAll(/from '(\.[^']+)'/g)) {
        const target = path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier!));
        if (!target.startsWith('server')) outside.add(target);
      }
    }
    expect(outside.size).toBeGreaterThan(0);
    for (const target of outside) expect(target).toMatch(/^src\/domain\//);
    expect(copied).toEqual(expect.arrayContaining(['server', 'src/domain']));
    // and src/domain itself never reaches into the browser app
    for (const file of sourcesUnder('src/domain')) expect(read(file)).not.toMatch(/from '(@\/|\.\.\/)/);
  });

  it('keeps secrets and bulk out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['.env', 'node_modules', '.git', 'tests']));
  });

  it('probes readiness at startup and liveness after, in the Cloud Run service', () => {
    const service = read('deploy/cloud-run.yaml');
    expect(service).toMatch(/startupProbe:\s*\n\s*httpGet: \{ path: \/api\/ready \}/);
    expect(service).toMatch(/livenessProbe:\s*\n\s*httpGet: \{ path: \/api\/health \}/);
  });

  it('gives every concurrent request room for the largest body: 35 MB of inbound mail, about 6x that to hold', () => {
    const service = read('deploy/cloud-run.yaml');
    const concurrency = Number(/containerConcurrency: (\d+)/.exec(service)?.[1]);
    const memoryMiB = Number(/memory: (\d+)Gi/.exec(service)?.[1]) * 1024;
    // INBOUND_BODY_LIMIT_BYTES (server/routes/support.ts) is 35 MB; the process itself takes about 250 MB.
    expect(concurrency * 35 * 6 + 250).toBeLessThanOrEqual(memoryMiB);
  });
});

describe('Firebase Hosting (firebase.json)', () => {
  it('rewrites /api/** to the Cloud Run service before any app route', () => {
    const config = JSON.parse(read('firebase.json')) as {
      hosting: {
        rewrites: Array<{ source: string; run?: { serviceId: string; region: string }; destination?: string }>;
      };
    };
    const { rewrites } = config.hosting;
    const api = rewrites.findIndex((rewrite) => rewrite.source === '/api/**');
    expect(rewrites[api]?.run).toEqual({ serviceId: 'nimbus-api', region: 'asia-south1' });
    expect(api).toBe(0);
    expect(read('deploy/cloud-run.yaml')).toMatch(/^ {2}name: nimbus-api$/m);
  });
});
