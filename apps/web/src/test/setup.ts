import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { queryClient } from '../shared/api/query-client';

// Each test starts with nothing cached: the app's one query client outlives a rendered tree.
afterEach(() => {
  cleanup();
  queryClient.clear();
});
