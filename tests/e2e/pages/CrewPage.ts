import type { Locator, Page } from "@playwright/test";

/**
 * /crew/{crewId}: header, actions, members, pending invites and sessions, with its
 * dialogs (the create / edit wizard, invite, share link, confirmations). The wizard
 * opened from the profile's Build Crew is the same dialog: see `wizard`.
 */
export class CrewPage {
  readonly heading: Locator;
  readonly memberCount: Locator;
  readonly pendingCount: Locator;
  readonly back: Locator;
  readonly actions: Locator;
  readonly invitePeople: Locator;
  readonly shareLink: Locator;
  readonly edit: Locator;
  readonly deleteCrew: Locator;
  readonly leaveCrew: Locator;
  readonly calendarFeed: Locator;
  readonly calendarDialog: Locator;
  /** The invitee's Accept / Decline on the page. */
  readonly invitation: Locator;
  readonly accept: Locator;
  readonly decline: Locator;
  readonly members: Locator;
  readonly membersList: Locator;
  readonly loadMoreMembers: Locator;
  readonly pending: Locator;
  readonly sessions: Locator;
  readonly notFound: Locator;
  readonly wizard: CrewWizardDialog;
  readonly inviteDialog: InviteDialog;
  readonly shareDialog: ShareLinkDialog;
  readonly deleteDialog: Locator;
  readonly leaveDialog: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole("main");
    this.heading = main.getByRole("heading", { level: 1 });
    this.memberCount = main.getByRole("definition").filter({ hasText: /members?$/ });
    this.pendingCount = main.getByRole("definition").filter({ hasText: /pending$/ });
    this.back = main.getByRole("button", { name: "Back", exact: true });
    this.actions = main.getByRole("region", { name: "Crew actions" });
    this.invitePeople = this.actions.getByRole("button", { name: "Invite People" });
    this.shareLink = this.actions.getByRole("button", { name: "Share Link" });
    this.edit = this.actions.getByRole("button", { name: "Edit", exact: true });
    this.deleteCrew = this.actions.getByRole("button", { name: "Delete Crew" });
    this.leaveCrew = this.actions.getByRole("button", { name: "Leave Crew" });
    this.calendarFeed = this.actions.getByRole("button", { name: "Calendar feed" });
    this.calendarDialog = page.getByRole("dialog", { name: "Subscribe in your calendar" });
    this.invitation = main.getByRole("region", { name: "Your invitation" });
    this.accept = this.invitation.getByRole("button", { name: "Accept" });
    this.decline = this.invitation.getByRole("button", { name: "Decline" });
    this.members = main.getByRole("region", { name: /^Members/ });
    this.membersList = this.members.getByRole("list", { name: "Members" });
    this.loadMoreMembers = this.members.getByRole("button", { name: "Load More Members" });
    this.pending = main.getByRole("region", { name: "Pending invites" });
    this.sessions = main.getByRole("region", { name: "Sessions" });
    this.notFound = main.getByRole("heading", { level: 1, name: "Crew not found" });
    this.wizard = new CrewWizardDialog(page);
    this.inviteDialog = new InviteDialog(page);
    this.shareDialog = new ShareLinkDialog(page);
    this.deleteDialog = page.getByRole("dialog", { name: /^Delete .+\?$/ });
    this.leaveDialog = page.getByRole("dialog", { name: "Leave this crew?" });
  }

  async goto(crewId: string): Promise<void> {
    await this.page.goto(`/crew/${crewId}`);
  }

  /** The crew id of the page open now. */
  crewId(): string {
    return new URL(this.page.url()).pathname.split("/").pop()!;
  }

  /** A member's row, by display name. */
  member(name: string): Locator {
    return this.membersList.getByRole("listitem").filter({ hasText: name });
  }

  /** 'Host' / 'Co-Host' badge of a member. */
  memberBadge(name: string, badge: "Host" | "Co-Host"): Locator {
    return this.member(name).getByText(badge, { exact: true });
  }

  viewProfile(name: string): Locator {
    return this.membersList.getByRole("link", { name: `View ${name}` });
  }

  /** The ⋯ menu of a member (creator and co-hosts), then its items. */
  manageMember(name: string): Locator {
    return this.membersList.getByRole("button", { name: `Manage ${name}` });
  }

  memberMenuItem(label: "Make Co-Host" | "Remove Co-Host" | "Remove from Crew"): Locator {
    return this.page.getByRole("menuitem", { name: label });
  }

  pendingInvitee(name: string): Locator {
    return this.pending.getByRole("listitem").filter({ hasText: name });
  }

  removePending(name: string): Locator {
    return this.pending.getByRole("button", { name: `Remove invitation for ${name}` });
  }

  /** A session link in the Upcoming or Past list. */
  session(when: "Upcoming" | "Past", title: string): Locator {
    return this.sessions
      .getByRole("list", { name: `${when} sessions` })
      .getByRole("link", { name: new RegExp(title) });
  }

  /** The confirm button of the open delete or leave confirmation. */
  confirm(dialog: Locator): Locator {
    return dialog.getByRole("button", { name: /^(Delete Crew|Leave Crew|Remove)$/ });
  }
}

/** The create / edit crew wizard (2 steps). */
class CrewWizardDialog {
  readonly dialog: Locator;
  readonly stepLabel: Locator;
  /** The step's title: 'Build your crew' / 'Edit crew details', then 'Visibility & invites'. */
  readonly title: Locator;
  readonly name: Locator;
  readonly description: Locator;
  readonly next: Locator;
  readonly back: Locator;
  readonly create: Locator;
  readonly save: Locator;
  readonly search: Locator;
  readonly selected: Locator;

  constructor(page: Page) {
    this.dialog = page
      .getByRole("dialog")
      .filter({ has: page.getByRole("form", { name: /^(Create a crew|Edit crew)$/ }) });
    this.stepLabel = this.dialog.getByText(/^Step \d of 2$/);
    this.title = this.dialog.getByRole("heading", { level: 2 });
    this.name = this.dialog.getByLabel("Crew name");
    this.description = this.dialog.getByLabel("Description (optional)");
    this.next = this.dialog.getByRole("button", { name: "Next" });
    this.back = this.dialog.getByRole("button", { name: "Back" });
    this.create = this.dialog.getByRole("button", { name: /^(Create Crew|Create & Invite)/ });
    this.save = this.dialog.getByRole("button", { name: /^(Save Changes|Save & Invite \d+)$/ });
    this.search = this.dialog.getByRole("searchbox", { name: "Search people" });
    this.selected = this.dialog.getByRole("list", { name: "Selected people" });
  }

  fieldError(message: string): Locator {
    return this.dialog.getByText(message, { exact: true });
  }

  vibe(label: "Casual" | "Party" | "Chill" | "Wild" | "Classy" | "Other"): Locator {
    return this.dialog
      .getByRole("radiogroup", { name: "Vibe" })
      .getByRole("radio", { name: label, exact: true });
  }

  visibility(label: "Public" | "Private"): Locator {
    return this.dialog
      .getByRole("radiogroup", { name: "Visibility" })
      .getByRole("radio", { name: label });
  }

  /** A search result button (pressed once picked), by any of the names it shows. */
  result(name: string): Locator {
    return this.dialog
      .getByRole("list", { name: "Search results" })
      .getByRole("button", { name: new RegExp(name) });
  }
}

/** The crew page's invite dialog: search and pick, or invite by username. */
class InviteDialog {
  readonly dialog: Locator;
  readonly search: Locator;
  readonly selected: Locator;
  readonly send: Locator;
  readonly username: Locator;
  readonly inviteByUsername: Locator;
  readonly notFound: Locator;
  readonly shareLink: Locator;
  readonly copy: Locator;
  readonly close: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole("dialog", { name: "Invite to the crew" });
    this.search = this.dialog.getByRole("searchbox", { name: "Search people" });
    this.selected = this.dialog.getByRole("list", { name: "Selected people" });
    this.send = this.dialog.getByRole("button", { name: /^Send( \d+)? Invites?$/ });
    this.username = this.dialog.getByRole("textbox", { name: "Username" });
    this.inviteByUsername = this.dialog.getByRole("button", { name: "Invite", exact: true });
    this.notFound = this.dialog.getByRole("alert");
    this.shareLink = this.dialog.getByLabel("Crew invite link", { exact: true });
    this.copy = this.notFound.getByRole("button", { name: /^(Copy|Copied!)$/ });
    this.close = this.dialog.getByRole("button", { name: "Close" });
  }

  result(name: string): Locator {
    return this.dialog
      .getByRole("list", { name: "Search results" })
      .getByRole("button", { name: new RegExp(name) });
  }

  text(value: string | RegExp): Locator {
    return this.dialog.getByText(value);
  }
}

/**
 * The share invite link dialog: the new link (copied as it appears), Copy ('Copied!'
 * for 2 s), its QR code, Revoke link, and the crew's other links that still work.
 */
class ShareLinkDialog {
  readonly dialog: Locator;
  readonly link: Locator;
  readonly copy: Locator;
  readonly copied: Locator;
  readonly qrCode: Locator;
  readonly revoke: Locator;
  readonly revokedNotice: Locator;
  readonly createNewLink: Locator;
  /** The disclosure of the other working links ("Other links that still work (n)"). */
  readonly otherLinks: Locator;
  readonly close: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole("dialog", { name: "Share invite link" });
    this.link = this.dialog.getByLabel("Invite link", { exact: true });
    this.copy = this.dialog.getByRole("button", { name: "Copy", exact: true });
    this.copied = this.dialog.getByRole("button", { name: "Copied!" });
    this.qrCode = this.dialog.getByRole("img", { name: "QR code of the invite link" });
    this.revoke = this.dialog.getByRole("button", { name: "Revoke link", exact: true });
    this.revokedNotice = this.dialog.getByText(/^Link revoked\./);
    this.createNewLink = this.dialog.getByRole("button", { name: "Create New Link" });
    this.otherLinks = this.dialog.getByText(/Other links that still work \(\d+\)$/);
    this.close = this.dialog.getByRole("button", { name: "Close" });
  }

  /** Revoke of one of the other working links, by its code. */
  revokeOther(code: string): Locator {
    return this.dialog.getByRole("button", { name: `Revoke link ${code}` });
  }
}
