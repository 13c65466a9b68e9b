import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

interface Preloadable<P> {
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Fetches the module; once it has arrived, Component renders without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * React.lazy that does not suspend once its module is here. A prerendered page is hydrated only after
 * its modules arrived (main.tsx): a part that suspended during hydration would stay dehydrated, and an
 * update reaching it then (the config's answer) would throw its prerendered HTML away.
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Component = lazy(() => {
    const component = loaded;
    if (component === undefined) return preload().then((value) => ({ default: value }));
    // A thenable that calls back at once: React.lazy reads the module within the same render.
    const ready = { then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: component }) };
    return ready as unknown as Promise<{ default: ComponentType<P> }>;
  });
  return { Component, preload };
}
