// The PDF thread's entry (see pdf-renderer.ts): plain JavaScript, so that it starts the same under
// tsx, node --import tsx and vitest; it loads the TypeScript through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./pdf-thread.ts');
