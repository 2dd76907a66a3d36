/**
 * The app itself: React, the router and the first screen, started by main.tsx once the browser has
 * painted the boot markup. Its stylesheets come with it (Vite's preload helper applies them before this
 * module runs), so none of them holds the boot's paint.
 */
import '../theme/global.css';
import '../ui/controls.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from '../api/query-client.ts';
import { routes } from '../router.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { AppRouter, loadFirstScreen } from './app-router.tsx';
import { whenFirstScreenReady } from './first-screen.ts';

const root = document.getElementById('root');
if (root) {
  // the boot markup (the server's branded header and banner) stays painted until the first screen
  // can replace it with content rather than with another skeleton: the first route's code and the
  // requests its loaders start
  void whenFirstScreenReady(loadFirstScreen(routes)).then(() => {
    const reactRoot = createRoot(root);
    // a transition renders the whole first screen in small slices, so a tap is never kept waiting
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <AppRouter table={routes} />
            </ToastProvider>
          </QueryClientProvider>
        </StrictMode>,
      );
    });
  });
}
