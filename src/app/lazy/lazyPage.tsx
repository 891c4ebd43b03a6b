import { useParams, type Params } from "react-router-dom";
import { lazyComponent, type LazyComponent, type PropsOf } from "@/lib/lazyComponent";
import { ScreenUpdateNotice } from "../UpdatePrompt";
import { PageSkeleton } from "./PageSkeleton";
import { useQueryPrefetch, type QueryRequest } from "./useQueryPrefetch";

/**
 * The one way a screen is split out of the first download:
 * `const DiscoverPage = lazyPage(() => import("@/features/…/DiscoverPage"), "DiscoverPage")`.
 * It renders a page skeleton while its chunk loads; links to it preload it (see
 * preloadOnIntent), so a link pointed at before the click shows no skeleton.
 *
 * `query`: the query the screen shows first, from the route's parameters. It is subscribed to
 * as the route renders, so its result arrives while the chunk loads (see useQueryPrefetch).
 */
export function lazyPage<Module, Name extends keyof Module>(
  load: () => Promise<Module>,
  name: Name,
  options: { query?: (params: Params) => QueryRequest } = {},
): LazyComponent<PropsOf<Module[Name]>> {
  const Screen = lazyComponent(load, name, <PageSkeleton />, <ScreenUpdateNotice />);
  const { query } = options;
  if (!query) return Screen;
  type Props = PropsOf<Module[Name]>;
  function ScreenWithQuery(props: Props) {
    useQueryPrefetch(query!(useParams()));
    return <Screen {...(props as Props & object)} />;
  }
  ScreenWithQuery.displayName = `WithQuery(${String(name)})`;
  return Object.assign(ScreenWithQuery, { preload: Screen.preload });
}
