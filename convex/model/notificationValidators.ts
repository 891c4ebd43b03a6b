/**
 * The shape of the bell's list (./notificationViews.ts builds it) as a
 * `returns:` validator. The payload is the row's stored data as read for its
 * type (shared/notificationRules.ts `typedNotification`): a flat record, or
 * null when the row holds none of its type.
 */
import { v } from "convex/values";
import { nullable } from "convex-helpers/validators";
import { notificationDataValidator, notificationTypeValidator } from "../schema";

/** A notification as the viewer sees it (`notificationViews`). */
export const notificationRowFields = {
  _id: v.id("notifications"),
  type: notificationTypeValidator,
  data: nullable(notificationDataValidator),
  title: v.string(),
  message: v.string(),
  read: v.boolean(),
  createdAt: v.number(),
  senderName: nullable(v.string()),
  senderAvatar: nullable(v.string()),
};

/** A notification as the bell lists it, with its session's end (`withSessionEnds`). */
export const notificationViewValidator = v.object({
  ...notificationRowFields,
  eventEndTime: nullable(v.number()),
});
