import { Skeleton } from "@/components/ui/Skeleton";

/** The event page's shape while it loads. */
export function EventPageSkeleton() {
  return (
    <div
      className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8"
      aria-busy="true"
      role="status"
      aria-label="Loading session"
    >
      <Skeleton className="h-9 w-24 rounded-full" />
      <div className="mt-5 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-5">
          <Skeleton className="aspect-[1200/630] w-full rounded-3xl" />
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-5 w-1/2" />
          <div className="flex gap-2">
            <Skeleton className="h-8 w-24 rounded-full" />
            <Skeleton className="h-8 w-20 rounded-full" />
          </div>
          <Skeleton className="h-40 w-full rounded-3xl" />
        </div>
        <div className="flex flex-col gap-5">
          <Skeleton className="h-48 w-full rounded-3xl" />
          <Skeleton className="h-36 w-full rounded-3xl" />
        </div>
      </div>
    </div>
  );
}
