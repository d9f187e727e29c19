import { Suspense } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { router } from './router';
import { RouteFallback } from './routes/route-fallback';

export function App() {
  return (
    <AppProvider>
      <Suspense fallback={<RouteFallback />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProvider>
  );
}
