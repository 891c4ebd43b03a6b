/**
 * The bell's notifications as a viewer sees them: the typed payload of each
 * (shared/notificationRules: older rows' snake_case keys are read too), the
 * sender as they are now (under the viewer's rights) and, for a session
 * invitation, the session's end as it is now. Reading only; every write is
 * ./notifications.
 */
import type { Id } from "../_generated/dataModel";
import type { QueryCtx } from "../_generated/server";
import { typedNotification, type TypedNotification } from "../../shared/notificationRules";
import { People } from "./eventViews";
import type { NotificationDoc, NotificationIds } from "./notifications";

export type NotificationView = {
  _id: Id<"notifications">;
  title: string;
  message: string;
  read: boolean;
  createdAt: number;
  senderName: string | null;
  senderAvatar: string | null;
} & TypedNotification<NotificationIds>;

/**
 * A row's type with its payload. The ids in it are the server's own document
 * ids (it wrote them), which shared/notificationRules reads as strings.
 */
function typedRow(row: NotificationDoc): TypedNotification<NotificationIds> {
  return typedNotification(row.type, row.data) as TypedNotification<NotificationIds>;
}

/**
 * Notifications as `viewerId` sees them: the sender's name and avatar as they
 * are now, the avatar only when the viewer may see the sender's full profile
 * (a private or crew_only sender's photo stays hidden, and a replaced avatar
 * never shows as a dead link). Each sender is read once per call, so a page
 * costs its rows plus one profile per distinct sender. Copies of the sender
 * stored on older rows are never passed on: the payload holds none.
 */
export async function notificationViews(
  ctx: QueryCtx,
  viewerId: Id<"users">,
  rows: readonly NotificationDoc[],
): Promise<NotificationView[]> {
  const people = new People(ctx, viewerId);
  return await Promise.all(
    rows.map(async (row) => {
      const sender = row.senderId === null ? null : await people.get(row.senderId);
      return {
        _id: row._id,
        ...typedRow(row),
        title: row.title,
        message: row.message,
        read: row.read,
        createdAt: row.createdAt,
        senderName: sender?.displayName ?? null,
        senderAvatar: sender?.avatarUrl ?? null,
      };
    }),
  );
}

/**
 * The bell's views, each with `eventEndTime`: for a session invitation, when
 * its session ends as the session is now (null when the session is gone),
 * so "Event has expired" follows a session that was moved; null for the
 * rest. Each session is read once per call (a page holds at most 20
 * notifications).
 */
export async function withSessionEnds(
  ctx: QueryCtx,
  rows: readonly NotificationDoc[],
  views: readonly NotificationView[],
): Promise<Array<NotificationView & { eventEndTime: number | null }>> {
  const ends = new Map<Id<"events">, Promise<number | null>>();
  const endOf = (eventId: Id<"events">) => {
    let end = ends.get(eventId);
    if (end === undefined) {
      end = ctx.db.get("events", eventId).then((event) => event?.endTime ?? null);
      ends.set(eventId, end);
    }
    return end;
  };
  return await Promise.all(
    views.map(async (view, i) => {
      const eventId = rows[i].type === "event_invitation" ? rows[i].eventId : null;
      return { ...view, eventEndTime: eventId === null ? null : await endOf(eventId) };
    }),
  );
}
