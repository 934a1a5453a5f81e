import { Suspense, useState, type ReactNode } from 'react';

/**
 * A dialog or drawer whose chunk loads when it first opens (React.lazy inside), then stays
 * mounted so closing animates and reopening is instant. Keeps a list page's first download to
 * the list itself.
 */
export function LazyOverlay({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
