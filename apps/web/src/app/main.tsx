import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import '@digigov/css/dist/digigov.css';
import './app.css';
import { queryClient } from '../shared/api/query-client';
import { AppRoutes, preloadPageAt } from './router';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);

// The page's own code downloads while the session check is out, not after it; once the header and the
// spinner are painted, so that their first paint does not share the connection with it.
requestAnimationFrame(() => setTimeout(() => preloadPageAt(window.location.pathname)));
