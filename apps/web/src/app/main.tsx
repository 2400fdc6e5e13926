import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import '@digigov/css/dist/digigov.css';
import './app.css';
import { AuthProvider } from '../shared/auth/auth-context';
import { preloadPageAt, routes } from './router';

const router = createBrowserRouter(routes);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AuthProvider>
      <RouterProvider router={router} />
    </AuthProvider>
  </StrictMode>,
);

// The page's own code downloads while the session check is out, not after it; once the header and the
// spinner are painted, so that their first paint does not share the connection with it.
requestAnimationFrame(() => setTimeout(() => preloadPageAt(window.location.pathname)));
