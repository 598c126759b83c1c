import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from '@/hooks/useToast';

const Toaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

/**
 * The Toaster, loaded when the first toast is raised and kept from then on. Radix Toast is about
 * 9 KB gzipped, and a first visit to the landing page must stay within 100 KB of JavaScript
 * (issue #4); most visits never raise a toast. The toast waits in the store while its code
 * loads, and its 5 s clock starts once it is on screen.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);

  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
