import type { LazyPage } from '../ui/lazy-page.ts';

/** Renders the current attempt of a lazily loaded page (inside Suspense and an error boundary). */
export function LazyRoute({ page }: { page: LazyPage }) {
  const Component = page.current();
  return <Component />;
}
