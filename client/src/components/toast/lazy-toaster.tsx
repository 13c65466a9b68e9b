import { lazy, Suspense, useEffect } from 'react';
import { useToasts } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(async () => ({ default: (await loadToaster()).Toaster }));

/**
 * Radix's toast (~10 KB gzipped) stays out of the first paint: it mounts with the first toast, its
 * code fetched once the page is idle so that first toast does not wait for the network.
 */
export function LazyToaster() {
  const hasToasts = useToasts().length > 0;

  useEffect(() => {
    const prefetch = () => void loadToaster();
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(prefetch, { timeout: 5000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(prefetch, 2000);
    return () => clearTimeout(timer);
  }, []);

  if (!hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
