import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { PageSkeleton } from "./PageSkeleton";

type PropsOf<C> = C extends ComponentType<infer Props> ? Props : never;

/** A component whose code loads on first render; `preload()` starts that early (hover, focus). */
export type LazyComponent<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

/**
 * The one way a screen or a dialog is split out of the first download:
 * `const DiscoverPage = lazyPage(() => import("@/features/…/DiscoverPage"), "DiscoverPage")`.
 * It renders `fallback` (a page skeleton by default) while its chunk loads; preloading and
 * rendering share one import, so a link hovered before the click shows no skeleton at all.
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  fallback: ReactNode = <PageSkeleton />,
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
    // switching between the two would remount the screen.
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
