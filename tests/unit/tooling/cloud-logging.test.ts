import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { initFirebase } from '../../../server/firebase';
import {
  createLogger,
  logFormatOf,
  redactUrl,
  REPORTED_ERROR_EVENT,
  SECRET_LINKS,
  TRACE_FIELD,
} from '../../../server/logger';
import { createGateway } from '../../../server/payments/create-gateway';

/** What the process writes to stdout, line by line, as Cloud Logging's agent reads it. */
function capture() {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, raw, lines: () => raw.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

const cloudConfig = (env: Record<string, string> = {}) =>
  loadConfig({ FIREBASE_PROJECT_ID: 'demo-logs', LOG_FORMAT: 'json', LOG_LEVEL: 'info', ...env });

describe('logs for Cloud Logging (LOG_FORMAT=json or K_SERVICE set)', () => {
  it('when the API logs an error, then it is one JSON line with severity ERROR and a stack Error Reporting groups', () => {
    const out = capture();
    const logger = createLogger(cloudConfig({ K_SERVICE: 'nimbus-api', K_REVISION: 'nimbus-api-00042' }), out.stream);
    const error = new Error('Firestore said no');

    logger.child({ req: { id: 'r1' } }).error({ err: error, job: 'reconcile' }, 'job: pass failed');

    expect(out.raw).toHaveLength(1);
    const [line] = out.lines();
    expect(line).toMatchObject({
      severity: 'ERROR',
      message: 'job: pass failed: Firestore said no',
      '@type': REPORTED_ERROR_EVENT,
      serviceContext: { service: 'nimbus-api', version: 'nimbus-api-00042' },
      job: 'reconcile',
    });
    // A Node stack trace: the error's first line, then its frames.
    expect(line!.stack_trace).toMatch(/^Error: Firestore said no\n\s+at .+cloud-logging\.test\.ts:\d+:\d+/);
    expect(line).not.toHaveProperty('level');
    expect(line).not.toHaveProperty('msg');
    expect(String(line!.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it.each([
    ['debug', 'DEBUG'],
    ['info', 'INFO'],
    ['warn', 'WARNING'],
    ['error', 'ERROR'],
    ['fatal', 'CRITICAL'],
  ] as const)('when it logs at %s, then the severity is %s', (level, severity) => {
    const out = capture();
    const logger = createLogger(cloudConfig({ LOG_LEVEL: 'debug' }), out.stream);

    logger[level]('a line');

    expect(out.lines()).toEqual([expect.objectContaining({ severity, message: 'a line' })]);
  });

  it('when Cloud Run runs it (K_SERVICE set), then JSON is the default format', () => {
    expect(logFormatOf({ LOG_FORMAT: 'auto', K_SERVICE: 'nimbus-api' })).toBe('json');
    expect(logFormatOf({ LOG_FORMAT: 'auto', K_SERVICE: undefined })).toBe('pretty');
  });

  function apiWith(env: Record<string, string>) {
    const out = capture();
    const config = cloudConfig(env);
    const firebase = initFirebase('demo-logs');
    const app = createApp({
      config,
      firebase,
      gateway: createGateway(config, firebase.db),
      logger: createLogger(config, out.stream),
    });
    return { app, out };
  }

  const requestLines = (out: ReturnType<typeof capture>) => out.lines().filter((line) => 'httpRequest' in line);

  it('when a request completes, then its log line has httpRequest with method, URL, status and latency, and the trace of its X-Cloud-Trace-Context', async () => {
    const { app, out } = apiWith({ GOOGLE_CLOUD_PROJECT: 'nimbus-prod' });

    await request(app)
      .get('/api/health?probe=1')
      .set('X-Cloud-Trace-Context', '105445aa7843bc8bf206b12000100000/1;o=1')
      .expect(200);

    const [line] = requestLines(out);
    expect(line).toMatchObject({
      severity: 'INFO',
      httpRequest: { requestMethod: 'GET', requestUrl: '/api/health?probe=1', status: 200 },
      [TRACE_FIELD]: 'projects/nimbus-prod/traces/105445aa7843bc8bf206b12000100000',
      'logging.googleapis.com/spanId': '0000000000000001',
      'logging.googleapis.com/trace_sampled': true,
    });
    expect((line!.httpRequest as { latency: string }).latency).toMatch(/^\d+\.\d{3}s$/);
  });

  it('when the header is absent (or the project unknown), then the line has no trace field', async () => {
    const withoutHeader = apiWith({ GOOGLE_CLOUD_PROJECT: 'nimbus-prod' });
    const unknownProject = apiWith({});

    await request(withoutHeader.app).get('/api/health').expect(200);
    await request(unknownProject.app)
      .get('/api/health')
      .set('X-Cloud-Trace-Context', '105445aa7843bc8bf206b12000100000/1;o=1')
      .expect(200);

    expect(requestLines(withoutHeader.out)[0]).not.toHaveProperty(TRACE_FIELD);
    expect(requestLines(unknownProject.out)[0]).not.toHaveProperty(TRACE_FIELD);
  });

  it('when a request is refused (4xx: here App Check without a token), then its line is a WARNING with its status', async () => {
    const { app, out } = apiWith({ APP_CHECK: 'enforce' });

    await request(app).post('/api/contact').send({}).expect(401);

    expect(requestLines(out)[0]).toMatchObject({
      severity: 'WARNING',
      httpRequest: { requestMethod: 'POST', requestUrl: '/api/contact', status: 401 },
    });
  });
});

describe('the one list of signed links whose tokens no log line holds', () => {
  const ROUTES = path.resolve(import.meta.dirname, '../../../server/routes');
  const sources = readdirSync(ROUTES).map((file) => readFileSync(path.join(ROUTES, file), 'utf8'));

  it('when a route of server/routes takes a token (a :token path or a token query), then the list redacts it there', () => {
    const paths = sources.flatMap((source) =>
      [...source.matchAll(/['`](\/api\/[^'`]*:token[^'`]*)['`]/g)].map((match) => match[1]!),
    );
    const queries = sources.flatMap((source) => [...source.matchAll(/req\.query\.(\w+)/g)].map((match) => match[1]!));
    const secretQueries = queries.filter((name) => /token|secret|signature/i.test(name));

    expect(paths.length).toBeGreaterThanOrEqual(5);
    expect(secretQueries).toContain('token');
    for (const route of paths) {
      const opened = route.replace(/\$\{base\}/g, '').replace(':token', 'S3CRET-t0ken');
      expect(redactUrl(opened), route).not.toContain('S3CRET');
    }
    for (const name of secretQueries) {
      expect(redactUrl(`/api/anything?a=1&${name}=S3CRET-t0ken`), name).not.toContain('S3CRET');
    }
  });

  it('when a URL names a link, then only its token is replaced (path, query, an absolute Referer)', () => {
    expect(redactUrl('/api/pay/AbC_d-9/verify?x=1')).toBe('/api/pay/:token/verify?x=1');
    expect(redactUrl('/API/Pay/AbC')).toBe('/API/Pay/:token');
    expect(redactUrl('/api/bookings/manage/b1.k2.s3/slots')).toBe('/api/bookings/manage/:token/slots');
    expect(redactUrl('/api/company-invitations/Inv1/accept')).toBe('/api/company-invitations/:token/accept');
    expect(redactUrl('https://www.nimbusbespoke.in/invite/Inv1')).toBe('https://www.nimbusbespoke.in/invite/:token');
    expect(redactUrl('/api/mail/unsubscribe?token=u.m&x=1')).toBe('/api/mail/unsubscribe?token=:token&x=1');
    expect(redactUrl('https://www.nimbusbespoke.in/project-links/P2#top')).toBe(
      'https://www.nimbusbespoke.in/project-links/:token#top',
    );
    // Not links: the customer's own pages and the API's other routes stay as they are.
    for (const url of ['/quotes/q1', '/api/bookings/slots', '/api/payments/verify', '/projects/p1?tab=files']) {
      expect(redactUrl(url)).toBe(url);
    }
    expect(SECRET_LINKS.map((link) => link.kind)).toEqual([
      'pay link',
      'quote link',
      'project-contact link',
      'booking manage link',
      'company invitation link',
      'unsubscribe link',
    ]);
  });
});
