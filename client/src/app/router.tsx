import { lazy, type ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Each page is its own chunk, so the first page ships only what it shows. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return <Page />;
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/', element: page(() => import('./routes/home'), 'HomePage') },
          { path: '/mining', element: page(() => import('./routes/mining'), 'MiningPage') },
          { path: '/tokens', element: page(() => import('./routes/tokens'), 'TokensPage') },
          { path: '/check-tokens', element: page(() => import('./routes/check-tokens'), 'CheckTokensPage') },
          { path: '/calculator', element: page(() => import('./routes/calculator'), 'CalculatorPage') },
          { path: '/tokenomics', element: page(() => import('./routes/tokenomics'), 'TokenomicsPage') },
          { path: '/allocation', element: page(() => import('./routes/allocation'), 'AllocationPage') },
          { path: '/faq', element: page(() => import('./routes/faq'), 'FaqPage') },
          { path: '/memes', element: page(() => import('./routes/memes'), 'MemesPage') },
          { path: '/meme/:trackingCode', element: page(() => import('./routes/meme'), 'MemePage') },
          { path: '*', element: page(() => import('./routes/not-found'), 'NotFoundPage') },
        ],
      },
    ],
  },
]);
