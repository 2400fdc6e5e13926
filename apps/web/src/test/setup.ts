import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../shared/api/query-client';

// `findBy…` and `waitFor` wait up to 5 s, not 1: on a busy machine (two cores, other work beside the
// suite) a screen can take longer than a second to settle, and the tests are about the screens.
configure({ asyncUtilTimeout: 5000 });

// Each test starts with nothing cached: the app's one query client outlives a rendered tree.
afterEach(() => {
  cleanup();
  queryClient.clear();
});
