import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import pino from 'pino';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from './app-deps';
import { requestDeadline } from './deadline';
import { errorHandler, notFound } from './errors';
import { accountRouter } from './routes/account';
import { contactRouter } from './routes/contact';
import { documentsRouter } from './routes/documents';
import { healthRouter } from './routes/health';
import { jobsRouter } from './routes/jobs';
import { locationsRouter } from './routes/locations';
import { payRouter } from './routes/pay';
import { paymentsRouter } from './routes/payments';
import { servicesRouter } from './routes/services';
import { staffRouter } from './routes/staff';

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
      // Never log tokens or signatures.
      redact: ['req.headers.authorization', 'req.headers["x-razorpay-signature"]'],
    }),
  );
  // The API only ever answers JSON, so its own CSP can be the strictest one.
  app.use(helmet({ contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } } }));
  app.use(
    cors({
      origin: deps.config.siteOrigins,
      methods: ['GET', 'POST'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      maxAge: 600,
    }),
  );
  // Webhook signatures are over the exact bytes Razorpay sent, so that route keeps the raw body;
  // express.json() below skips a body that is already read.
  app.use('/api/payments/webhook', express.raw({ type: '*/*', limit: '256kb' }));
  app.use(express.json({ limit: '16kb' }));
  // After the body parsers: they resume the chain from socket events, outside the budget's context.
  app.use(requestDeadline(deps.config.REQUEST_TIMEOUT_SECONDS * 1000));

  app.use(healthRouter(deps));
  app.use(contactRouter(deps));
  app.use(locationsRouter(deps));
  app.use(paymentsRouter(deps));
  app.use(payRouter(deps));
  app.use(documentsRouter(deps));
  app.use(accountRouter(deps));
  app.use(servicesRouter(deps));
  app.use(jobsRouter(deps));
  app.use(staffRouter(deps));

  app.use(notFound);
  app.use(errorHandler);
  return app;
}
