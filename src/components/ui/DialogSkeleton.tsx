import { Skeleton } from "./Skeleton";

/** What a dialog shows while its code loads: Modal's sheet (bottom on phones), pulsing. */
export function DialogSkeleton() {
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 backdrop-blur-sm sm:items-center sm:p-4">
      <div
        role="status"
        aria-label="Loading"
        className="w-full rounded-t-[2rem] bg-night-850 px-5 pt-6 pb-8 ring-1 ring-night-700 sm:max-w-lg sm:rounded-[2rem] sm:px-7 sm:pt-7"
      >
        <Skeleton className="h-7 w-1/2" />
        <Skeleton className="mt-3 h-4 w-3/4" />
        <Skeleton className="mt-6 h-32" />
        <Skeleton className="mt-6 h-12 rounded-full" />
      </div>
    </div>
  );
}
