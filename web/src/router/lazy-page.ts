import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType>;

/** React.lazy for a module's named export (the codebase uses named exports only). */
export function lazyPage<K extends string>(
  load: () => Promise<{ [key in K]: ComponentType }>,
  name: K,
): LazyPage {
  return lazy(async () => ({ default: (await load())[name] }));
}
