import type { ReactNode } from "react";
import { lazyComponent, type LazyComponent, type PropsOf } from "@/lib/lazyComponent";
import { PageSkeleton } from "./PageSkeleton";

/**
 * The one way a screen is split out of the first download:
 * `const DiscoverPage = lazyPage(() => import("@/features/…/DiscoverPage"), "DiscoverPage")`.
 * It renders `fallback` (a page skeleton by default) while its chunk loads; links to it
 * preload it (see preloadOnIntent), so a link pointed at before the click shows no skeleton.
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  fallback: ReactNode = <PageSkeleton />,
): LazyComponent<PropsOf<Module[Name]>> {
  return lazyComponent(load, name, fallback);
}
