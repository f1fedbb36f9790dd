/**
 * The second half of `npm run lint`: exits 1 on an import circle (the rules are in
 * scripts/lib/import-cycles.ts), naming the modules on it. In src/, `import()` and type imports count.
 */
import path from 'node:path';
import { importCycles, repositorySources, sourceCycles } from './lib/import-cycles';

const root = path.resolve(import.meta.dirname, '..');
const sources = repositorySources(root);
const { staticCycles, libCycles } = importCycles(root, sources);
const srcCycles = sourceCycles(root, sources);
for (const group of staticCycles) console.error(`These modules import each other in a circle: ${group.join(', ')}`);
for (const group of libCycles) {
  console.error(`src/lib must sit on no import circle, not even through import(): ${group.join(', ')}`);
}
for (const group of srcCycles) {
  console.error(`src/ must sit on no import circle, import() and type imports included: ${group.join(', ')}`);
}
if (staticCycles.length + libCycles.length + srcCycles.length > 0) process.exit(1);
console.log('No import circles.');
