import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy* and waitFor give a page up to 5 s to show what is asked for (Testing Library's default is 1 s): on a busy
// 2-core machine the first render of a feature with its providers alone can take longer, and a test must fail for
// what the page shows, not for how loaded the machine is. Nothing waits longer when the page is right.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
