// Preloaded into the Auth emulator's process by scripts/lib/stack.ts (node --import). At start the
// emulator (firebase-tools) has exegesis compile a validator for every request and response schema
// of the Identity Toolkit API: about 20 s of CPU on this machine, nearly all for endpoints the site
// never calls. exegesis can compile each one on first use instead: its own
// `lazyCompileValidationSchemas` option, which firebase-tools does not set. Requests are validated
// as before.
import { createRequire } from 'node:module';

// firebase-tools loads exegesis with require(): patch that same module object.
const options = createRequire(import.meta.url)('exegesis/lib/options');

const compileOptions = options.compileOptions;
options.compileOptions = (given) => compileOptions({ ...given, lazyCompileValidationSchemas: true });
