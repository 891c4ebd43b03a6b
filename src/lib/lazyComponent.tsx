import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";

export type PropsOf<C> = C extends ComponentType<infer Props> ? Props : never;

/** A component whose code loads on first render; `preload()` starts that early (hover, focus). */
export type LazyComponent<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

/**
 * `Module[name]` split into its own chunk: rendered, it shows `fallback` while the chunk loads.
 * Preloading and rendering share one import, so something preloaded before it shows renders
 * at once. Screens use lazyPage (src/app/lazy), dialogs lazyDialog.
 */
export function lazyComponent<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  fallback: ReactNode,
): LazyComponent<PropsOf<Module[Name]>> {
  type Props = PropsOf<Module[Name]>;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module[name] as ComponentType<Props>;
      return { default: loaded };
    }));
  const Loaded = lazy(preload);
  function Lazy(props: Props) {
    // Code already loaded renders at once: React.lazy would still suspend for a tick, and a
    // prerendered page must not suspend while it hydrates. Chosen once per mount, since
    // switching between the two would remount the component.
    const [Ready] = useState(() => loaded);
    const Component = Ready ?? Loaded;
    return (
      <Suspense fallback={fallback}>
        <Component {...(props as Props & object)} />
      </Suspense>
    );
  }
  Lazy.displayName = `Lazy(${String(name)})`;
  return Object.assign(Lazy, { preload });
}
