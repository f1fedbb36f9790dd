import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// \`npm test\` runs these beside the browser tests on two cores: a findBy that would pass in 100 ms
// on a quiet machine may need more than Testing Library's default 1 s there. It still ends at once
// when the element shows up.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
