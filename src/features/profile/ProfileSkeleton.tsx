import { Skeleton } from "@/components/ui/Skeleton";

/** The profile page while it loads: the same shapes, pulsing. */
export function ProfileSkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading profile"
      role="status"
      className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10"
    >
      <div className="overflow-hidden rounded-3xl bg-night-850 ring-1 ring-night-700 ring-inset">
        <Skeleton className="h-28 rounded-none sm:h-36" />
        <div className="flex flex-col items-center gap-3 px-5 pb-6 sm:flex-row sm:items-end sm:gap-6 sm:px-8">
          <Skeleton className="-mt-14 size-28 rounded-full ring-4 ring-night-850 sm:size-32" />
          <div className="flex w-full flex-col items-center gap-2 sm:items-start">
            <Skeleton className="h-8 w-48" />
            <Skeleton className="h-4 w-28" />
          </div>
        </div>
        <div className="flex flex-col items-center gap-2 px-5 pb-6 sm:items-start sm:px-8">
          <Skeleton className="h-4 w-full max-w-md" />
          <Skeleton className="h-4 w-3/4 max-w-sm" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-24 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-48 rounded-3xl" />
    </div>
  );
}
