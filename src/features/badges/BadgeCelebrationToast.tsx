import { toast } from "@/lib/toast";
import { NOTIFICATION_TOAST_MS, type NotificationPayload } from "@shared/notificationRules";
import { playFeedback } from "@/lib/feedback";
import { BadgeMedal } from "./BadgeMedal";

const SPARKS = ["-top-2 left-1", "-top-1 right-0", "bottom-0 -left-2", "-right-2 bottom-1"];

/** A badge_achievement notification as it arrives: its texts and the award (none on a debug page's test notification). */
type Award = {
  title: string;
  message: string;
  data: NotificationPayload<"badge_achievement"> | null;
};

/**
 * The toast for a badge award: the badge's medal with a short burst (two
 * pulses of a glow and four sparks; none under reduced motion), in every
 * open tab, since each tab's bell sees the notification arrive.
 */
export function showBadgeCelebration(award: Award) {
  const icon = award.data?.badgeIcon ?? "🏅";
  const tier = award.data?.badgeTier ?? "gold";
  toast.custom(
    (id) => (
      <div
        data-testid="badge-celebration"
        className="flex w-full items-center gap-4 rounded-2xl bg-night-800 p-4 text-cream-50 shadow-xl ring-1 ring-brand-amber/60 sm:w-[356px]"
      >
        <span className="relative">
          <span className="absolute inset-0 rounded-full bg-brand-amber/50 motion-safe:animate-ping motion-safe:[animation-iteration-count:2]" />
          {SPARKS.map((place, index) => (
            <span
              key={place}
              aria-hidden="true"
              className={`absolute ${place} text-xs motion-safe:animate-bounce motion-safe:[animation-iteration-count:2]`}
              style={{ animationDelay: `${index * 90}ms` }}
            >
              ✨
            </span>
          ))}
          <BadgeMedal badge={{ icon, colorTier: tier }} size="lg" className="relative" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-display font-bold">{award.title}</p>
          <p className="mt-0.5 text-sm text-cream-200">{award.message}</p>
        </div>
        <button
          type="button"
          onClick={() => toast.dismiss(id)}
          aria-label="Close"
          className="grid size-8 shrink-0 place-items-center self-start rounded-full text-cream-400 hover:bg-night-700 hover:text-cream-50"
        >
          ×
        </button>
      </div>
    ),
    { duration: NOTIFICATION_TOAST_MS },
  );
  // The sound and buzz once, from the tab being looked at, not from every open tab.
  if (document.visibilityState === "visible") playFeedback("badge");
}
