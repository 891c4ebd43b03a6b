import { useConvexAuth } from "convex/react";
import { useState } from "react";
import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { META_DESCRIPTION_MAX_LENGTH, eventPageMeta } from "@shared/eventMeta";
import { errorMessage } from "@shared/errors";
import { Skeleton } from "@/components/ui/Skeleton";
import { DebugPage } from "@/features/debug/kit/DebugPage";
import { DebugSection, JsonView } from "@/features/debug/kit/DebugSection";
import { EventPicker } from "@/features/debug/kit/EventPicker";
import { eventPageUrl } from "@/features/events/lib/links";
import { useQueryState } from "@/lib/useQueryState";

/**
 * /test-meta-tags: the page head the event page sets for a session you pick
 * (shared/eventMeta.ts, the same code): title, description (160 characters at
 * most), share image, Open Graph and social-card tags, and the JSON-LD block.
 */
export function MetaTagsTestPage() {
  const { isAuthenticated } = useConvexAuth();
  const [eventRef, setEventRef] = useState<string | null>(null);
  return (
    <DebugPage
      title="Meta Tags Test"
      description="The meta tags an event page sets, computed by the same code."
      wide
    >
      <div className="grid gap-6 lg:grid-cols-[2fr_3fr]">
        <DebugSection title="Pick a session">
          <EventPicker
            sources={isAuthenticated ? ["discover", "upcoming"] : ["discover"]}
            selected={eventRef}
            onPick={setEventRef}
          />
        </DebugSection>
        <DebugSection title="Meta tags">
          {eventRef === null ? (
            <p className="text-cream-400">Pick a session to see its tags.</p>
          ) : (
            <MetaFor eventRef={eventRef} />
          )}
        </DebugSection>
      </div>
    </DebugPage>
  );
}

function MetaFor({ eventRef }: { eventRef: string }) {
  const page = useQueryState(api.events.get, { slugOrCodeOrId: eventRef });
  if (page.status === "loading") return <Skeleton className="h-40 rounded-2xl" />;
  if (page.status === "error") {
    return <p className="text-red-300">{errorMessage(page.error, DEBUG_MESSAGES.noEventsFound)}</p>;
  }
  const { event, host } = page.data;
  const url = eventPageUrl(event);
  const meta = eventPageMeta(
    { ...event, hostName: host.displayName, coverImageUrl: event.coverUrl, url },
    { siteUrl: window.location.origin, timeZone: event.timeZone },
  );
  return (
    <div className="flex flex-col gap-4">
      <dl className="flex flex-col gap-3 text-sm">
        <div>
          <dt className="text-cream-400">Title</dt>
          <dd className="font-semibold">{meta.title}</dd>
        </div>
        <div>
          <dt className="text-cream-400">
            Description ({[...meta.description].length} / {META_DESCRIPTION_MAX_LENGTH})
          </dt>
          <dd>{meta.description}</dd>
        </div>
        <div>
          <dt className="text-cream-400">Share image</dt>
          <dd>
            <img
              src={meta.imageUrl}
              alt="Share preview"
              className="mt-1 aspect-[1200/630] w-full max-w-md rounded-2xl object-cover"
            />
          </dd>
        </div>
      </dl>
      <table className="w-full text-left text-xs">
        <caption className="sr-only">Meta tags</caption>
        <thead>
          <tr className="text-cream-400">
            <th scope="col" className="py-1 pr-3 font-semibold">
              Tag
            </th>
            <th scope="col" className="py-1 font-semibold">
              Content
            </th>
          </tr>
        </thead>
        <tbody>
          {meta.tags.map((tag) => {
            const key = "property" in tag ? tag.property : tag.name;
            return (
              <tr key={key} className="border-t border-night-700 align-top">
                <td className="py-1.5 pr-3 font-mono text-brand-amber">{key}</td>
                <td className="py-1.5 break-all">{tag.content}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <JsonView label="JSON-LD" value={meta.jsonLd} />
    </div>
  );
}
