import { avatarOverflowLabel, AVATAR_STACK_MAX } from "@shared/eventCopy";
import { Avatar } from "@/components/ui/Avatar";
import { cn } from "@/lib/cn";

type StackPerson = { userId: string; name: string; avatarUrl?: string | null };

/**
 * Overlapping avatars of the first attendees with a '+N' overflow: 4 on
 * phones, 5 from the sm breakpoint. `total` is the full count.
 */
export function AvatarStack({
  people,
  total,
  size = "md",
  className,
}: {
  people: readonly StackPerson[];
  total: number;
  size?: "sm" | "md";
  className?: string;
}) {
  const desktop = people.slice(0, AVATAR_STACK_MAX.desktop);
  const mobileOverflow = avatarOverflowLabel(
    total,
    Math.min(people.length, AVATAR_STACK_MAX.mobile),
  );
  const desktopOverflow = avatarOverflowLabel(total, desktop.length);
  const bubble =
    "inline-flex shrink-0 items-center justify-center rounded-full bg-night-700 font-bold text-cream-50 ring-2 ring-night-850";
  const bubbleSize = size === "sm" ? "size-8 text-xs" : "size-11 text-sm";
  return (
    <ul className={cn("flex items-center -space-x-2.5", className)} aria-label="Attendees">
      {desktop.map((person, index) => (
        <li
          key={person.userId}
          className={cn(index >= AVATAR_STACK_MAX.mobile && "hidden sm:block")}
          title={person.name}
        >
          <Avatar name={person.name} url={person.avatarUrl} size={size} alt={person.name} />
        </li>
      ))}
      {mobileOverflow && (
        <li className="sm:hidden">
          <span className={cn(bubble, bubbleSize)}>
            <span aria-hidden="true">{mobileOverflow}</span>
            <span className="sr-only">and {mobileOverflow.slice(1)} more</span>
          </span>
        </li>
      )}
      {desktopOverflow && (
        <li className="hidden sm:block">
          <span className={cn(bubble, bubbleSize)}>
            <span aria-hidden="true">{desktopOverflow}</span>
            <span className="sr-only">and {desktopOverflow.slice(1)} more</span>
          </span>
        </li>
      )}
    </ul>
  );
}
