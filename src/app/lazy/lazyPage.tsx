import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
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
  const preload = () =>
    (loading ??= load().then((module) => ({ default: module[name] as ComponentType<Props> })));
  const Loaded = lazy(preload);
  function Lazy(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...(props as Props & object)} />
      </Suspense>
    );
  }
  Lazy.displayName = `Lazy(${String(name)})`;
  return Object.assign(Lazy, { preload });
}
