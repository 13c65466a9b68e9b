import { lazy, Suspense } from 'react';
import { useToasts } from './use-toast';

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * Radix's toast (~13 KB gzipped with its dependencies) is fetched with the first toast, not before:
 * most visits show none, and a toast follows an action, when the page is idle anyway.
 */
export function LazyToaster() {
  const hasToasts = useToasts().length > 0;
  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
