import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger, type LoggerOptions, type SerializedRequest } from 'pino';
import type { Options as HttpLoggerOptions } from 'pino-http';
import type { Config } from './config';

/**
 * 'json': one JSON object per line in the shape Cloud Logging reads (severity, message, httpRequest,
 * trace) and Error Reporting groups; 'pretty': readable lines for a person (pino-pretty).
 */
export type LogFormat = 'json' | 'pretty';

export type LogSettings = Pick<
  Config,
  'LOG_LEVEL' | 'LOG_FORMAT' | 'warnings' | 'K_SERVICE' | 'K_REVISION' | 'GOOGLE_CLOUD_PROJECT' | 'FIREBASE_PROJECT_ID'
>;

/**
 * The signed links whose token is all it takes to act (pay, accept a quote, comment on a project,
 * reschedule or cancel a call, join a company, unsubscribe): the API's paths and the site's pages (a browser's
 * Referer names the page). One list, read wherever a URL reaches a log line (the request
 * serializer, Cloud Logging's httpRequest, the App Check and deadline warnings), so a person who
 * reads the logs never holds a working link. A path's token is the segment after its prefix; a
 * query's is the named parameter, wherever it appears.
 */
export const SECRET_LINKS: ReadonlyArray<{ kind: string; pathPrefixes?: readonly string[]; queryParam?: string }> = [
  { kind: 'pay link', pathPrefixes: ['/api/pay/', '/pay/'] },
  { kind: 'quote link', pathPrefixes: ['/api/quote-links/', '/quote/'] },
  { kind: 'project-contact link', pathPrefixes: ['/api/project-links/', '/project-links/'] },
  { kind: 'booking manage link', pathPrefixes: ['/api/bookings/manage/', '/booking/'] },
  { kind: 'company invitation link', pathPrefixes: ['/api/company-invitations/', '/invite/'] },
  { kind: 'unsubscribe link', queryParam: 'token' },
];

/** What a log line shows instead of a link's token. */
export const REDACTED_TOKEN = ':token';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Case-insensitive (so is Express's routing: /API/PAY/x opens a pay link), at any segment boundary.
const SECRET_PATH = new RegExp(
  `(?<=^|/)(${SECRET_LINKS.flatMap((link) => link.pathPrefixes ?? [])
    .map((prefix) => escapeRegExp(prefix.replace(/^\/|\/$/g, '')))
    .join('|')})/[^/?#]+`,
  'gi',
);
const SECRET_QUERY_PARAMS = new Set(SECRET_LINKS.flatMap((link) => (link.queryParam ? [link.queryParam] : [])));

const isSecretParam = (name: string) => {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: judge the name as sent.
  }
  return SECRET_QUERY_PARAMS.has(decoded.trim().toLowerCase());
};

/**
 * A URL (a path with its query, or an absolute one such as a Referer) with every signed link's
 * token replaced by `:token`: `/api/pay/Ab3…/verify` -> `/api/pay/:token/verify`,
 * `/api/mail/unsubscribe?token=…` -> `/api/mail/unsubscribe?token=:token`.
 */
export function redactUrl(url: string): string;
export function redactUrl(url: string | undefined): string | undefined;
export function redactUrl(url: string | undefined): string | undefined {
  if (typeof url !== 'string') return url;
  const queryAt = url.search(/[?#]/);
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const rest = queryAt === -1 ? '' : url.slice(queryAt);
  const redactedPath = path.replace(SECRET_PATH, `$1/${REDACTED_TOKEN}`);
  if (!rest.startsWith('?')) return redactedPath + rest;
  const hashAt = rest.indexOf('#');
  const query = hashAt === -1 ? rest.slice(1) : rest.slice(1, hashAt);
  const hash = hashAt === -1 ? '' : rest.slice(hashAt);
  const redactedQuery = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && isSecretParam(name) ? `${name}=${REDACTED_TOKEN}` : pair;
    })
    .join('&');
  return `${redactedPath}?${redactedQuery}${hash}`;
}

/** A parsed query or route params without the secret ones' values. */
function redactFields(fields: unknown, secret: (name: string) => boolean): unknown {
  if (!fields || typeof fields !== 'object') return fields;
  return Object.fromEntries(
    Object.entries(fields as Record<string, unknown>).map(([name, value]) => [
      name,
      secret(name) ? REDACTED_TOKEN : value,
    ]),
  );
}

/**
 * pino-http's request serializer on top of pino's standard one: the URL, query, route params and
 * Referer without link tokens (the Authorization and App Check headers are redacted by path in app.ts).
 */
export function requestSerializer(req: SerializedRequest): Record<string, unknown> {
  const headers: Record<string, unknown> = { ...req.headers };
  if (typeof headers.referer === 'string') headers.referer = redactUrl(headers.referer);
  return {
    ...req,
    url: redactUrl(req.url),
    query: redactFields(req.query, isSecretParam),
    params: redactFields(req.params, (name) => name === 'token'),
    headers,
  };
}

/** pino's levels as Cloud Logging's LogSeverity. */
const SEVERITY: Record<string, string> = {
  trace: 'DEBUG',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARNING',
  error: 'ERROR',
  fatal: 'CRITICAL',
};
export const REPORTED_ERROR_EVENT =
  'type.googleapis.com/google.devtools.clouderrorreporting.v1beta1.ReportedErrorEvent';
export const TRACE_FIELD = 'logging.googleapis.com/trace';
const SPAN_FIELD = 'logging.googleapis.com/spanId';
const SAMPLED_FIELD = 'logging.googleapis.com/trace_sampled';

const require = createRequire(import.meta.url);

/** pino-pretty is a development dependency: the production image does not have it. */
function prettyAvailable(): boolean {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/** JSON on Cloud Run (K_SERVICE is set there) or when asked; readable lines elsewhere if possible. */
export function logFormatOf(settings: Pick<LogSettings, 'LOG_FORMAT' | 'K_SERVICE'>): LogFormat {
  if (settings.LOG_FORMAT === 'json' || settings.LOG_FORMAT === 'pretty') return settings.LOG_FORMAT;
  if (settings.K_SERVICE) return 'json';
  return prettyAvailable() ? 'pretty' : 'json';
}

/** The Google Cloud project that traces belong to: GOOGLE_CLOUD_PROJECT, else a real Firebase project. */
export function traceProjectOf(
  settings: Pick<LogSettings, 'GOOGLE_CLOUD_PROJECT' | 'FIREBASE_PROJECT_ID'>,
): string | null {
  if (settings.GOOGLE_CLOUD_PROJECT) return settings.GOOGLE_CLOUD_PROJECT;
  return settings.FIREBASE_PROJECT_ID.startsWith('demo-') ? null : settings.FIREBASE_PROJECT_ID;
}

function cloudLoggingOptions(settings: LogSettings): LoggerOptions {
  const serviceContext = {
    service: settings.K_SERVICE || 'nimbus-api',
    ...(settings.K_REVISION ? { version: settings.K_REVISION } : {}),
  };
  return {
    messageKey: 'message',
    // pid and hostname: Cloud Run labels every entry with its instance anyway.
    base: null,
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    formatters: { level: (label) => ({ severity: SEVERITY[label] ?? 'DEFAULT' }) },
    hooks: {
      // An error with its stack in `stack_trace` and the ReportedErrorEvent type: Error Reporting
      // then groups it by its stack (the message stays the log's own words).
      logMethod(args, method, level) {
        const [first, ...rest] = args as unknown[];
        const error =
          first instanceof Error
            ? first
            : (first as { err?: unknown } | null)?.err instanceof Error
              ? (first as { err: Error }).err
              : null;
        if (level < 50 || !error) return method.apply(this, args as Parameters<typeof method>);
        const fields = first instanceof Error ? { err: first } : (first as object);
        const text = typeof rest[0] === 'string' ? rest[0] : error.message;
        const message = text === error.message ? text : `${text}: ${error.message}`;
        const reported = {
          ...fields,
          '@type': REPORTED_ERROR_EVENT,
          stack_trace: error.stack ?? String(error),
          serviceContext,
        };
        return method.apply(this, [reported, message, ...rest.slice(1)] as Parameters<typeof method>);
      },
    },
  };
}

/**
 * The process's logger, at the configured level; it reports the configuration's warnings first.
 * `destination` is where the lines go (stdout by default): JSON lines, or pino-pretty's readable ones.
 */
export function createLogger(settings: LogSettings, destination?: DestinationStream): Logger {
  const options: LoggerOptions = { level: settings.LOG_LEVEL };
  let logger: Logger;
  if (logFormatOf(settings) === 'json') {
    logger = pino({ ...options, ...cloudLoggingOptions(settings) }, destination ?? pino.destination(1));
  } else {
    const pretty = require('pino-pretty') as (options: object) => DestinationStream;
    logger = pino(
      options,
      pretty({
        sync: true,
        colorize: !destination && Boolean(process.stdout.isTTY),
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
        ...(destination ? { destination } : {}),
      }),
    );
  }
  for (const warning of settings.warnings) logger.warn(warning);
  return logger;
}

type ExpressRequest = IncomingMessage & { originalUrl?: string; ip?: string };

/** Cloud Logging's HttpRequest of a finished request (latency as a Duration string). */
function httpRequestOf(req: ExpressRequest, res: ServerResponse, responseTimeMs: number) {
  const size = res.getHeader('content-length');
  return {
    requestMethod: req.method,
    requestUrl: redactUrl(req.originalUrl ?? req.url),
    status: res.statusCode,
    latency: `${(responseTimeMs / 1000).toFixed(3)}s`,
    userAgent: req.headers['user-agent'],
    remoteIp: req.ip ?? req.socket?.remoteAddress,
    referer: redactUrl(req.headers.referer),
    protocol: `HTTP/${req.httpVersion}`,
    ...(size !== undefined ? { responseSize: String(size) } : {}),
  };
}

/**
 * The trace a request belongs to, from Google's front end: `X-Cloud-Trace-Context: TRACE/SPAN;o=1`
 * (or W3C `traceparent`), so Cloud Logging shows a request's lines together under its trace.
 */
export function traceFieldsOf(req: IncomingMessage, project: string | null): Record<string, string | boolean> {
  if (!project) return {};
  const cloud = /^([0-9a-f]{32})(?:\/(\d+))?(?:;o=([01]))?/i.exec(String(req.headers['x-cloud-trace-context'] ?? ''));
  const w3c = /^[0-9a-f]{2}-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/i.exec(String(req.headers.traceparent ?? ''));
  if (cloud) {
    return {
      [TRACE_FIELD]: `projects/${project}/traces/${cloud[1]}`,
      ...(cloud[2] ? { [SPAN_FIELD]: BigInt(cloud[2]).toString(16).padStart(16, '0') } : {}),
      ...(cloud[3] ? { [SAMPLED_FIELD]: cloud[3] === '1' } : {}),
    };
  }
  if (w3c) {
    return {
      [TRACE_FIELD]: `projects/${project}/traces/${w3c[1]}`,
      [SPAN_FIELD]: w3c[2]!,
      [SAMPLED_FIELD]: (parseInt(w3c[3]!, 16) & 1) === 1,
    };
  }
  return {};
}

/**
 * pino-http's options for the log format: in JSON, every request's lines carry its trace, its
 * completion line has `httpRequest` and a severity by status (5xx ERROR, 4xx WARNING).
 */
export function requestLogOptions(settings: LogSettings): Partial<HttpLoggerOptions> {
  if (logFormatOf(settings) !== 'json') return {};
  const project = traceProjectOf(settings);
  return {
    customProps: (req) => traceFieldsOf(req, project),
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    customSuccessObject: (req, res, value: { responseTime: number }) => ({
      ...value,
      httpRequest: httpRequestOf(req as ExpressRequest, res, value.responseTime),
    }),
    customErrorObject: (req, res, error, value: { responseTime: number; err?: Error }) => {
      // pino-http makes up an Error for a plain 5xx; the handler already logged the real one.
      const madeUp = error.message === `failed with status code ${res.statusCode}`;
      const { err, ...rest } = value;
      return {
        ...(madeUp ? rest : { ...rest, err }),
        httpRequest: httpRequestOf(req as ExpressRequest, res, value.responseTime),
      };
    },
  };
}
