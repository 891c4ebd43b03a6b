import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";
import { offerReload } from "./appUpdate";

export type PropsOf<C> = C extends ComponentType<infer Props> ? Props : never;

/** A component whose code loads on first render; `preload()` starts that early (hover, focus). */
export type LazyComponent<Props> = ComponentType<Props> & { preload: () => Promise<unknown> };

/**
 * `Module[name]` split into its own chunk: rendered, it shows `fallback` while the chunk loads.
 * Preloading and rendering share one import, so something preloaded before it shows renders
 * at once. Screens use lazyPage (src/app/lazy), dialogs lazyDialog.
 *
 * Code that fails to load (a tab opened before a deployment whose files are gone, or no
 * network and no service worker) renders `failed` instead of throwing to the crash screen, and
 * online the app offers to reload into the current version; the next mount tries again.
 */
export function lazyComponent<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  fallback: ReactNode,
  failed: ReactNode = null,
): LazyComponent<PropsOf<Module[Name]>> {
  type Props = PropsOf<Module[Name]>;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name] as ComponentType<Props>;
        return { default: loaded };
      },
      (error: unknown) => {
        loading = undefined;
        // Offline, the network is the likelier cause: no "new version" then.
        if (globalThis.navigator?.onLine !== false) offerReload();
        throw error;
      },
    ));
  const Failed = () => failed;
  const loadToRender = () =>
    preload().catch(() => {
      Loaded = lazy(loadToRender);
      return { default: Failed as ComponentType<Props> };
    });
  let Loaded = lazy(loadToRender);
  function Lazy(props: Props) {
    // Code already loaded renders at once: React.lazy would still suspend for a tick, and a
    // prerendered page must not suspend while it hydrates. Chosen once per mount, since
    // switching between the two would remount the component.
    const [Component] = useState(() => loaded ?? Loaded);
    return (
      <Suspense fallback={fallback}>
        <Component {...(props as Props & object)} />
      </Suspense>
    );
  }
  Lazy.displayName = `Lazy(${String(name)})`;
  return Object.assign(Lazy, { preload });
}
