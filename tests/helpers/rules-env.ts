import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { stack } from './emulators';

// Denied writes are the point of these tests; the SDK would log each one as a warning.
setLogLevel('silent');

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
