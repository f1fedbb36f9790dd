import {
  assertFails,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  setDoc,
  setLogLevel,
  updateDoc,
  type DocumentData,
  type SetOptions,
  type UpdateData,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { readFileSync } from 'node:fs';
import { stack } from './emulators';

/** A person's Firestore client in a rules test (or a seeding context's). */
export type RulesClient = ReturnType<RulesTestContext['firestore']>;

// Denied writes are the point of these tests; the SDK would log each one as a warning.
setLogLevel('silent');

// The calls the rules tests make again and again, by path, on a person's client (or a seeding
// context's): each is the plain Firestore call, so `assertSucceeds(read(alice(), 'users/alice'))`
// asks the rules exactly what `getDoc(doc(alice(), 'users/alice'))` would.

/** Reads the document at `path`. */
export const read = (db: RulesClient, path: string) => getDoc(doc(db, path));
/** Reads every document of the collection at `path`. */
export const list = (db: RulesClient, path: string) => getDocs(collection(db, path));
/** Creates or overwrites the document at `path` (merges, with `{ merge: true }`). */
export const write = (db: RulesClient, path: string, data: DocumentData, options?: SetOptions) =>
  options ? setDoc(doc(db, path), data, options) : setDoc(doc(db, path), data);
/** Updates fields of the document at `path`. */
export const update = (db: RulesClient, path: string, data: UpdateData<DocumentData>) => updateDoc(doc(db, path), data);
/** Deletes the document at `path`. */
export const remove = (db: RulesClient, path: string) => deleteDoc(doc(db, path));

/** Expects each of `clients` denied reading every document of `paths`. */
export async function expectReadsDenied(clients: RulesClient[], paths: string[]) {
  for (const db of clients) for (const path of paths) await assertFails(read(db, path));
}

/**
 * A rules test environment on the running Firestore emulator, with the repo's firestore.rules, in
 * a project of its own: the emulator keeps each project's data and rules apart, so clearing it
 * between tests never touches what the API and e2e tests use (npm test runs them side by side).
 */
export function rulesEnvironment(): Promise<RulesTestEnvironment> {
  const [host, port] = stack.firestoreHost.split(':');
  return initializeTestEnvironment({
    projectId: `${stack.projectId}-rules`,
    firestore: { host: host!, port: Number(port), rules: readFileSync('firestore.rules', 'utf8') },
  });
}

/**
 * The set-up every rules-test file shares: an environment for the file, its data cleared before
 * each test (a file's own `beforeEach` runs after this one, so it may seed on top), and the people
 * the tests act as. `rules.env` is the environment itself, for what the shortcuts do not cover.
 */
export function rulesTestbed() {
  let env: RulesTestEnvironment | undefined;
  const current = (): RulesTestEnvironment => {
    if (!env) throw new Error('rulesTestbed: the environment is not ready (use it inside a test or hook)');
    return env;
  };
  // One client per person for the whole file: each new context starts a Firebase app and its
  // connection, which cost more CPU than the rules checks themselves. Clearing the data between
  // tests does not touch them, and every read they make asks the emulator.
  const clients = new Map<string, RulesClient>();
  const client = (who: string, open: (env: RulesTestEnvironment) => RulesClient): RulesClient => {
    let firestore = clients.get(who);
    if (!firestore) clients.set(who, (firestore = open(current())));
    return firestore;
  };
  beforeAll(async () => {
    env = await rulesEnvironment();
  });
  beforeEach(() => current().clearFirestore());
  afterAll(() => current().cleanup());
  return {
    get env(): RulesTestEnvironment {
      return current();
    },
    /** A signed-in member of staff (the `staff: true` claim). */
    staff: () => client('sam', (env) => env.authenticatedContext('sam', { staff: true }).firestore()),
    alice: () => client('alice', (env) => env.authenticatedContext('alice').firestore()),
    bob: () => client('bob', (env) => env.authenticatedContext('bob').firestore()),
    /** Someone not signed in. */
    visitor: () => client('visitor', (env) => env.unauthenticatedContext().firestore()),
    /** Writes a document with the rules out of the way. */
    seed: async (path: string, data: Record<string, unknown>): Promise<void> => {
      await current().withSecurityRulesDisabled((context) => write(context.firestore(), path, data));
    },
  };
}
