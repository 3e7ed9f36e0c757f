import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { appRoutes } from './app/routes.tsx';
import './styles/global.css';

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
