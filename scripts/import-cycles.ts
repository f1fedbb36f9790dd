/**
 * The second half of `npm run lint`: exits 1 on an import circle (the rules are in
 * scripts/lib/import-cycles.ts), naming the modules on it.
 */
import path from 'node:path';
import { importCycles, repositorySources } from './lib/import-cycles';

const root = path.resolve(import.meta.dirname, '..');
const { staticCycles, libCycles } = importCycles(root, repositorySources(root));
for (const group of staticCycles) console.error(`These modules import each other in a circle: ${group.join(', ')}`);
for (const group of libCycles) {
  console.error(`src/lib must sit on no import circle, not even through import(): ${group.join(', ')}`);
}
if (staticCycles.length + libCycles.length > 0) process.exit(1);
console.log('No import circles.');
