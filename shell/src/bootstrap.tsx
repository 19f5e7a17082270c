import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { fetchRemotesConfig, registerRemotesConfig } from './federation/remotes';
import { routes } from './routing/routes';

async function main() {
  try {
    registerRemotesConfig(await fetchRemotesConfig());
  } catch (error) {
    // Without the config every remote screen shows its fallback; the shell itself still works.
    console.error('remotes config unavailable', error);
  }
  const router = createBrowserRouter(routes);
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void main();
