import { useSyncExternalStore } from 'react';

// Accessibility: people who ask their system for less motion get dialogs, drawers and menus that
// appear at once instead of zooming and sliding (antd's `motion` token), following the setting live.

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(QUERY).matches;

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
