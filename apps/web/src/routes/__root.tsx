import { createRootRouteWithContext, Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { TestModeBanner } from '../features/billing/TestModeBanner';
import { Navbar } from '../features/navigation/Navbar';
import { usePageChangeFocus } from '../features/navigation/page-change-focus';
import type { RouterContext } from '../router';

const Toasts = lazy(() => import('../ui/Toasts'));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  usePageChangeFocus();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TestModeBanner />
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </>
  );
}

function NotFound() {
  return (
    <section className="page narrow">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to="/">Go to the analyzer</Link>.
      </p>
    </section>
  );
}
