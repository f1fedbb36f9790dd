import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import pino from 'pino';
import { randomUUID } from 'node:crypto';
import { getAppCheck } from 'firebase-admin/app-check';
import type { Request } from 'express';
import type { AppDeps } from './app-deps';
import { COMPANY_HEADER } from '../src/domain/companies';
import { APP_CHECK_HEADER, appCheckGuard, firebaseAppCheckVerifier, localAppCheckVerifier } from './app-check';
import { authenticate, requireStaff } from './auth';
import { requestDeadline } from './deadline';
import { errorHandler, notFound } from './errors';
import { requestLogOptions, requestSerializer } from './logger';
import { accountRouter } from './routes/account';
import { appCheckLocalRouter, isDemoProject } from './routes/app-check';
import { bookingsRouter } from './routes/bookings';
import { companiesRouter } from './routes/companies';
import { contactRouter } from './routes/contact';
import { documentsRouter } from './routes/documents';
import { enquiriesRouter } from './routes/enquiries';
import { healthRouter } from './routes/health';
import { jobsRouter } from './routes/jobs';
import { locationsRouter } from './routes/locations';
import { mailRouter } from './routes/mail';
import { payRouter } from './routes/pay';
import { paymentsRouter } from './routes/payments';
import { projectsRouter } from './routes/projects';
import { quotesRouter } from './routes/quotes';
import { servicesRouter } from './routes/services';
import { statementsRouter } from './routes/statements';
import { POSTMARK_INBOUND_PATH, supportBodyParsers, supportRouter } from './routes/support';
import { tdsBodyParsers, tdsCertificatesRouter } from './routes/tds-certificates';
import { unsubscribeRouter } from './routes/unsubscribe';

/**
 * What no browser calls with an App Check token: Razorpay's webhooks, Cloud Scheduler's jobs, the
 * platform's health checks, the local token endpoint itself, a mail client's one-click unsubscribe,
 * and the pay page's PDF links (plain links the browser follows, which cannot carry a header; the
 * pay-link token and its rate limit guard them). Every other route, present or future, is checked.
 */
const APP_CHECK_EXEMPT: Array<{ method?: string; path: RegExp }> = [
  { path: /^\/api\/(health|ready)$/ },
  { path: /^\/api\/payments\/webhook$/ },
  { path: /^\/api\/jobs\// },
  { path: /^\/api\/app-check\/local-token$/ },
  { path: /^\/api\/mail\/unsubscribe$/ },
  { method: 'GET', path: /^\/api\/pay\/[^/]+\/(proforma|tax-invoice)\.pdf$/ },
  // Postmark's inbound-mail webhook (its own Basic credentials guard it).
  { method: 'POST', path: new RegExp(`^${POSTMARK_INBOUND_PATH.replace(/\//g, '\\/')}$`) },
];

const isAppCheckExempt = (req: Request) =>
  APP_CHECK_EXEMPT.some(({ method, path }) => (!method || req.method === method) && path.test(req.path));

/** Builds the API from its dependencies; no listen, so tests build their own. */
export function createApp(deps: AppDeps): Express {
  const logger = deps.logger ?? pino({ level: deps.config.LOG_LEVEL });
  const app = express();
  app.disable('x-powered-by');
  if (deps.config.TRUST_PROXY !== undefined) app.set('trust proxy', deps.config.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
      // Never log tokens or signatures: link tokens leave the URL, query and Referer in the
      // serializer (server/logger.ts), credentials in headers are redacted by path.
      serializers: { req: requestSerializer },
      redact: [
        'req.headers.authorization',
        'req.headers["x-razorpay-signature"]',
        'req.headers["x-firebase-appcheck"]',
      ],
      // On Cloud Run: httpRequest, the trace and a severity by status (server/logger.ts).
      ...requestLogOptions(deps.config),
    }),
  );
  // The API only ever answers JSON, so its own CSP can be the strictest one.
  app.use(helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } }));
  app.use(
    cors({
      origin: deps.config.siteOrigins,
      methods: ['GET', 'POST'],
      // The acting company (server/companies/access.ts) may be named by a header.
      allowedHeaders: ['Content-Type', 'Authorization', APP_CHECK_HEADER, COMPANY_HEADER],
      // A download's name (and Retry-After of a 429): a site on another origin (VITE_API_URL) reads
      // only the headers named here.
      exposedHeaders: ['Content-Disposition', 'Retry-After'],
      maxAge: 600,
    }),
  );
  // Webhook signatures are over the exact bytes Razorpay sent, so that route keeps the raw body;
  // express.json() below skips a body that is already read.
  app.use('/api/payments/webhook', express.raw({ type: '*/*', limit: '256kb' }));
  const projectId = deps.config.FIREBASE_PROJECT_ID;
  const appCheck = appCheckGuard({
    mode: deps.config.APP_CHECK,
    verifier:
      deps.appCheck ??
      (isDemoProject(projectId)
        ? localAppCheckVerifier(deps.config.APP_CHECK_LOCAL_SECRET, projectId)
        : firebaseAppCheckVerifier(getAppCheck(deps.firebase.auth.app))),
    isExempt: isAppCheckExempt,
  });
  // Uploads are let in before their bytes are read: App Check, then the ID token (a stranger's
  // 10 MB is answered 401 at once, its connection closed), and their body has a deadline.
  const upload = {
    gate: [appCheck, authenticate(deps.firebase.auth, { required: true })],
    timeoutMs: deps.config.UPLOAD_BODY_TIMEOUT_SECONDS * 1000,
  };
  // Support's uploads, and Postmark's inbound mail: its Basic credentials before its (35 MB) body.
  for (const [path, parser] of supportBodyParsers(deps.config.support.inbound, upload)) app.use(path, parser);
  // TDS certificates' PDFs, uploaded as raw bytes like support's files.
  for (const [path, parser] of tdsBodyParsers(upload)) app.use(path, parser);
  app.use(express.json({ limit: '16kb' }));
  // After the body parsers: they resume the chain from socket events, outside the budget's context.
  app.use(requestDeadline(deps.config.REQUEST_TIMEOUT_SECONDS * 1000));
  // (An upload's caller was checked before its body: the guard and the routes' sign-in see that.)
  app.use(appCheck);

  app.use(healthRouter(deps));
  if (isDemoProject(projectId)) app.use(appCheckLocalRouter(deps));
  app.use(contactRouter(deps));
  app.use(bookingsRouter(deps));
  app.use(locationsRouter(deps));
  app.use(paymentsRouter(deps));
  app.use(payRouter(deps));
  app.use(documentsRouter(deps));
  app.use(accountRouter(deps));
  app.use(companiesRouter(deps));
  app.use(servicesRouter(deps));
  app.use(unsubscribeRouter(deps));
  app.use(jobsRouter(deps));
  app.use(quotesRouter(deps));
  app.use(supportRouter(deps));
  app.use(projectsRouter(deps));
  app.use(statementsRouter(deps));
  app.use(tdsCertificatesRouter(deps));
  app.use(enquiriesRouter(deps));
  app.use(mailRouter(deps));
  // Every staff path needs staff, even one that does not exist (401 / 403 before the 404).
  app.use('/api/staff', ...requireStaff(deps.firebase.auth));

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
