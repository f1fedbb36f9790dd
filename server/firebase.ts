import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { initializeFirestore, type Firestore } from 'firebase-admin/firestore';
import { budgetEnd } from './deadline';

export interface FirebaseDeps {
  auth: Auth;
  db: Firestore;
}

/** No Firestore RPC of the API waits longer than this, even outside a request or job budget. */
export const FIRESTORE_RPC_DEADLINE_MS = 10_000;

// gRPC's CANCELLED: unlike DEADLINE_EXCEEDED or UNAVAILABLE, the client libraries do not retry it.
const CANCELLED = 1;

/** The subset of grpc-js's call properties the transformer touches (gax bundles its own grpc-js). */
interface CallProperties {
  methodDefinition?: { path?: string };
  callOptions: { deadline?: Date | number; interceptors?: unknown[] };
}

/** A rollback releases the locks of a transaction we gave up on, so it is never cancelled. */
const ROLLBACK_DEADLINE_MS = 2000;

interface StatusListener {
  onReceiveStatus(status: { code: number; details: string; metadata: unknown }): void;
}

/** A gRPC interceptor whose call ends at once with CANCELLED, without touching the network. */
const cancelledCall = (details: string) => () => ({
  start(metadata: unknown, listener: StatusListener) {
    setImmediate(() => listener.onReceiveStatus({ code: CANCELLED, details, metadata }));
  },
  sendMessageWithContext() {},
  sendMessage() {},
  startRead() {},
  halfClose() {},
  cancelWithStatus() {},
  getPeer: () => '',
  setCredentials() {},
});

/**
 * Firestore client settings that give every RPC a deadline. The client library retries
 * UNAVAILABLE writes for up to 10 minutes and reads for minutes too, so with Firestore down a
 * request used to hang for 45 s to 5 min. Here each RPC's gRPC deadline is the earliest of its own,
 * FIRESTORE_RPC_DEADLINE_MS, and the end of the current request's or job's budget (server/deadline.ts);
 * once that budget is spent, further RPCs (retries included) are cancelled without a network call,
 * except a transaction's rollback: it releases the locks the abandoned transaction holds.
 * The reconnect backoff is capped at 2 s so that the API recovers within seconds of Firestore's
 * return (gRPC's default backoff grows to 2 minutes).
 */
export function firestoreDeadlineSettings(rpcDeadlineMs = FIRESTORE_RPC_DEADLINE_MS): Record<string, unknown> {
  return {
    'grpc.callInvocationTransformer': (properties: CallProperties) => {
      const now = Date.now();
      if (properties.methodDefinition?.path?.endsWith('/Rollback')) {
        properties.callOptions = { ...properties.callOptions, deadline: new Date(now + ROLLBACK_DEADLINE_MS) };
        return properties;
      }
      const budget = budgetEnd();
      if (budget !== undefined && budget <= now) {
        properties.callOptions = {
          ...properties.callOptions,
          interceptors: [
            ...(properties.callOptions.interceptors ?? []),
            cancelledCall('deadline of the request exceeded'),
          ],
        };
        return properties;
      }
      const own = properties.callOptions.deadline;
      const ownMs = own instanceof Date ? own.getTime() : typeof own === 'number' ? own : Number.POSITIVE_INFINITY;
      const deadline = Math.min(ownMs, now + rpcDeadlineMs, budget ?? Number.POSITIVE_INFINITY);
      properties.callOptions = { ...properties.callOptions, deadline: new Date(deadline) };
      return properties;
    },
    'grpc.initial_reconnect_backoff_ms': 250,
    'grpc.max_reconnect_backoff_ms': 2000,
  };
}

const databases = new WeakMap<App, Firestore>();

/** Firestore for an app, with the deadline settings (once per app: settings cannot change later). */
export function deadlineFirestore(app: App): Firestore {
  let db = databases.get(app);
  if (!db) {
    db = initializeFirestore(app, firestoreDeadlineSettings());
    databases.set(app, db);
  }
  return db;
}

/**
 * Firebase Admin for one project. Against the emulators (FIRESTORE_EMULATOR_HOST and
 * FIREBASE_AUTH_EMULATOR_HOST set) it needs no credentials; in production it uses the
 * service account from GOOGLE_APPLICATION_CREDENTIALS.
 */
export function initFirebase(projectId: string): FirebaseDeps {
  const app: App = getApps().find((existing) => existing.name === projectId) ?? initializeApp({ projectId }, projectId);
  return { auth: getAuth(app), db: deadlineFirestore(app) };
}
