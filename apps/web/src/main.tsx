import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { appRoutes } from './app/routes.tsx';
import { loadSchemas } from './api/schemaLoader.ts';
import './styles/global.css';

// The protocol's schemas (and zod) are not part of the first load: they start loading now,
// alongside the page's code and its first requests, which wait for them (a failure is retried
// by whoever needs them).
loadSchemas().catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const router = createBrowserRouter(appRoutes);

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
