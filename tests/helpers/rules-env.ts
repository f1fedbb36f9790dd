import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { stack } from './emulators';

/** A rules test environment on the running Firestore emulator, with the repo's firestore.rules. */
// Denied writes are the point of these tests; the SDK would log each one as a warning.
setLogLevel('silent');

export function rulesEnvironment(): Promise<RulesTestEnvironment> {
  const [host, port] = stack.firestoreHost.split(':');
  return initializeTestEnvironment({
    projectId: stack.projectId,
    firestore: { host: host!, port: Number(port), rules: readFileSync('firestore.rules', 'utf8') },
  });
}
