import './theme/global.css';
import './ui/controls.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client.ts';
import { whenFirstScreenReady } from './app/first-screen.ts';
import { router } from './router.tsx';
import { ToastProvider } from './ui/toast.tsx';

const root = document.getElementById('root');
if (root) {
  // the boot markup (the server's branded header and banner) stays painted until the first screen
  // can replace it with content rather than with another skeleton
  void whenFirstScreenReady(router).then(() => {
    const reactRoot = createRoot(root);
    // a transition renders the whole first screen in small slices, so a tap is never kept waiting
    startTransition(() => {
      reactRoot.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <ToastProvider>
              <RouterProvider router={router} />
            </ToastProvider>
          </QueryClientProvider>
        </StrictMode>,
      );
    });
  });
}
