import { Skeleton } from "@/components/ui/Skeleton";

/** What a screen shows while its code loads: the usual page frame, pulsing. */
export function PageSkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading"
      role="status"
      className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12"
    >
      <Skeleton className="h-9 w-2/3 max-w-md" />
      <Skeleton className="mt-4 h-5 w-1/2 max-w-sm" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
    </div>
  );
}
