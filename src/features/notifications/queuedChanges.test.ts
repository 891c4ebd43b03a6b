import { describe, expect, it } from "vitest";
import type { NotificationView } from "./notificationView";
import {
  queuedAnswerFor,
  queuedUnreadCount,
  withQueuedChanges,
  type QueuedNotificationChanges,
} from "./queuedChanges";

function notification(
  id: string,
  read: boolean,
  invitation?: { crewId?: string; eventId?: string; userResponse?: string },
): NotificationView {
  return {
    _id: id,
    type: invitation?.crewId
      ? "crew_invitation"
      : invitation?.eventId
        ? "event_invitation"
        : "event_reminder",
    read,
    data: { ...invitation },
  } as unknown as NotificationView;
}

function queued(changes: Partial<QueuedNotificationChanges>): QueuedNotificationChanges {
  return { allRead: false, readIds: new Set(), answers: [], ...changes };
}

const acceptCrew = (crewId: string, queuedAt = 1) => ({
  target: { type: "crew_invitation" as const, crewId: crewId as never },
  response: "accepted" as const,
  queuedAt,
});

describe("queued reads and answers as a notification shows them", () => {
  it("an opened notification shows read", () => {
    expect(
      withQueuedChanges(notification("n1", false), queued({ readIds: new Set(["n1"]) })).read,
    ).toBe(true);
  });

  it("mark all read shows every notification read", () => {
    expect(withQueuedChanges(notification("n2", false), queued({ allRead: true })).read).toBe(true);
  });

  it("an answered invitation shows the answer, and read", () => {
    const shown = withQueuedChanges(
      notification("n3", false, { crewId: "c1" }),
      queued({ answers: [acceptCrew("c1")] }),
    );
    expect(shown).toMatchObject({ read: true, data: { crewId: "c1", userResponse: "accepted" } });
  });

  it("the last answer to an invitation is the one shown", () => {
    const answers = [
      acceptCrew("c1", 1),
      { ...acceptCrew("c1", 2), response: "declined" as const },
    ];
    expect(queuedAnswerFor(notification("n3", false, { crewId: "c1" }), answers)?.response).toBe(
      "declined",
    );
  });

  it("an answer to another invitation changes nothing", () => {
    const item = notification("n3", false, { eventId: "c1" });
    expect(withQueuedChanges(item, queued({ answers: [acceptCrew("c1")] }))).toBe(item);
  });

  it("changes nothing once the server shows the change", () => {
    const read = notification("n1", true);
    expect(withQueuedChanges(read, queued({ readIds: new Set(["n1"]), allRead: true }))).toBe(read);
    const answered = notification("n3", true, { crewId: "c1", userResponse: "declined" });
    expect(withQueuedChanges(answered, queued({ answers: [acceptCrew("c1")] }))).toBe(answered);
  });
});

describe("the bell's unread count with queued changes", () => {
  const list = [
    notification("n1", false),
    notification("n2", false),
    notification("n3", false, { crewId: "c1" }),
    notification("n4", true),
  ];

  it("is the server's with nothing queued", () => {
    expect(queuedUnreadCount(3, queued({}), list)).toBe(3);
  });

  it("opening and answering take one each off", () => {
    const changes = queued({ readIds: new Set(["n1"]), answers: [acceptCrew("c1")] });
    expect(queuedUnreadCount(3, changes, list)).toBe(1);
  });

  it("a read the server has already counted is not taken off again", () => {
    const applied = [notification("n1", true), ...list.slice(1)];
    expect(queuedUnreadCount(2, queued({ readIds: new Set(["n1"]) }), applied)).toBe(2);
  });

  it("an opened notification the list does not show counts off by its id (offline)", () => {
    expect(queuedUnreadCount(3, queued({ readIds: new Set(["n9"]) }), [])).toBe(2);
  });

  it("mark all read leaves nothing unread, and never goes below zero", () => {
    expect(queuedUnreadCount(7, queued({ allRead: true }), list)).toBe(0);
    expect(queuedUnreadCount(0, queued({ readIds: new Set(["n9"]) }), [])).toBe(0);
  });
});
