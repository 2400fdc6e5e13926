import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

describe('lazyPage', () => {
  it('downloads a preloaded page once: the page shows what the preload fetched', async () => {
    const load = vi.fn(async () => ({ default: () => <h1>Σελίδα</h1> }));
    const Page = lazyPage(load);
    Page.preload();
    Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Σελίδα' })).toBeDefined();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
