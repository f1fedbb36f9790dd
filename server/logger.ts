import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
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

/** The process's logger, at the configured level; it reports the configuration's warnings first. */
export function createLogger(settings: LogSettings, destination?: DestinationStream): Logger {
  const options: LoggerOptions = { level: settings.LOG_LEVEL };
  let logger: Logger;
  if (logFormatOf(settings) === 'json') {
    logger = pino({ ...options, ...cloudLoggingOptions(settings) }, destination ?? pino.destination(1));
  } else {
    const pretty = require('pino-pretty') as (options: object) => DestinationStream;
    logger = pino(
      options,
      destination ??
        pretty({
          sync: true,
          colorize: Boolean(process.stdout.isTTY),
          translateTime: 'SYS:HH:MM:ss',
          ignore: 'pid,hostname',
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
    requestUrl: req.originalUrl ?? req.url,
    status: res.statusCode,
    latency: `${(responseTimeMs / 1000).toFixed(3)}s`,
    userAgent: req.headers['user-agent'],
    remoteIp: req.ip ?? req.socket?.remoteAddress,
    referer: req.headers.referer,
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
