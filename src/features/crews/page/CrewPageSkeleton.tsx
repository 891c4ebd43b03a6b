import { Skeleton } from "@/components/ui/Skeleton";
import { MemberRowSkeleton } from "./MemberRowSkeleton";

/** The crew page while it loads: header, actions, members. */
export function CrewPageSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading crew"
      className="mx-auto max-w-6xl px-4 py-5 sm:px-6 sm:py-8"
    >
      <Skeleton className="h-9 w-20 rounded-full" />
      <div className="mt-3 rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset sm:p-8">
        <div className="flex items-center gap-4">
          <Skeleton className="size-20 rounded-2xl sm:size-24" />
          <div className="flex flex-1 flex-col gap-3">
            <Skeleton className="h-9 w-2/3 max-w-sm" />
            <Skeleton className="h-5 w-1/2 max-w-xs" />
          </div>
        </div>
        <Skeleton className="mt-6 h-4 w-full max-w-lg" />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-3 rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset">
          <Skeleton className="h-6 w-32" />
          {[0, 1, 2, 3].map((row) => (
            <MemberRowSkeleton key={row} />
          ))}
        </div>
        <div className="flex flex-col gap-3 rounded-3xl bg-night-850 p-5 ring-1 ring-night-700 ring-inset">
          <Skeleton className="h-11 rounded-full" />
          <Skeleton className="h-11 rounded-full" />
          <Skeleton className="h-11 rounded-full" />
        </div>
      </div>
    </div>
  );
}
