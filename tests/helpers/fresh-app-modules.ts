import { vi } from 'vitest';

// The unit and component files share one module graph per worker (vitest.config.ts: isolate false),
// so the libraries load once. The app's own modules load afresh for each file, so a file's vi.mock
// applies even when an earlier file had imported the real module.
vi.resetModules();
