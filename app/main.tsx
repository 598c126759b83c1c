import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { DeferredToaster } from '@/components/ui/DeferredToaster';
import { queryClient } from '@/lib/queryClient';
import { BrowserRouter } from '@/lib/router';
import { ThemeProvider } from '@/lib/theme';
import { showToastCarriedOver } from '@/lib/toastAfterLoad';
import { AppRoutes } from './routes';
import './styles.css';

showToastCarriedOver();

// A transition lets React render the first page in slices, yielding to the browser between
// them, instead of one long task that blocks input while the landing page is built.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <DeferredToaster />
        </ThemeProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
