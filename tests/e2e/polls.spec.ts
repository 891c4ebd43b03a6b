import { expect, test } from "@playwright/test";
import { CrewPage } from "./pages/CrewPage.ts";
import { EventPage } from "./pages/EventPage.ts";
import { JoinCrewPage } from "./pages/JoinCrewPage.ts";
import { NotificationBell } from "./pages/NotificationBell.ts";
import { CrewPolls, PollPage } from "./pages/PollPage.ts";
import { ProfilePage } from "./pages/ProfilePage.ts";
import { signInWithMagicLink, signUp } from "./support/auth.ts";
import { localDateTime, uniqueToken } from "./support/events.ts";
import { newPerson } from "./support/people.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";

/*
 * Three browsers: A starts a poll with three options in the crew, B and C
 * answer, every grid updates live, B adds an option that A sees live, A
 * picks the winner: the session exists, B (Yes) is going, C (If need be) has
 * an invitation that says so.
 * CLINK_POLL_SCREENSHOTS=1 saves the poll page at 390 and 1280 px in screenshots/.
 */
test("crew poll: three browsers answer live, the pick becomes a session", async ({ browser }) => {
  test.setTimeout(240_000);
  const crewName = `Poll Crew ${uniqueToken()}`;
  const title = `Pints when ${uniqueToken()}`;
  const a = await newPerson(browser);
  const b = await newPerson(browser);
  const c = await newPerson(browser);
  await signUp(a.page, uniqueEmail("polla"));

  // A builds a crew; B and C join by its link.
  await new ProfilePage(a.page).buildCrew.click();
  const crew = new CrewPage(a.page);
  await crew.wizard.name.fill(crewName);
  await crew.wizard.next.click();
  await crew.wizard.create.click();
  await expect(crew.heading).toHaveText(crewName);
  await crew.shareLink.click();
  await expect(crew.shareDialog.link).toHaveValue(/\/crew\/join\/[A-Z0-9]{8}$/);
  const link = await crew.shareDialog.link.inputValue();
  await crew.shareDialog.close.click();
  const bEmail = uniqueEmail("pollb");
  const cEmail = uniqueEmail("pollc");
  for (const [person, email] of [
    [b, bEmail],
    [c, cEmail],
  ] as const) {
    const join = new JoinCrewPage(person.page);
    await join.goto(link);
    await join.signIn.click();
    await signInWithMagicLink(person.page, email, { openLogin: false });
    await expect(person.page).toHaveURL(a.page.url(), { timeout: 15_000 });
  }
  await expect(crew.memberCount).toHaveText("3 members");

  // A starts a poll with three options.
  const polls = new CrewPolls(a.page);
  await polls.start.click();
  await polls.title.fill(title);
  await polls.optionTime(1).fill(await localDateTime(a.page, 2, 20));
  await polls.optionTime(2).fill(await localDateTime(a.page, 3, 20));
  await polls.addOption.click();
  await polls.optionTime(3).fill(await localDateTime(a.page, 4, 19));
  await polls.submit.click();
  const aPoll = new PollPage(a.page);
  await expect(aPoll.heading).toHaveText(title);
  await expect(a.page).toHaveURL(/\/crew\/[^/]+\/poll\/[^/]+$/);
  const pollUrl = a.page.url();
  const bName = emailPrefix(bEmail);
  const cName = emailPrefix(cEmail);
  await expect(aPoll.notAnswered.getByText(bName)).toBeVisible();

  // B and C open it (B from the crew page's list) and answer option 2.
  await b.page.reload();
  await new CrewPolls(b.page).openPoll(title).click();
  const bPoll = new PollPage(b.page);
  await expect(bPoll.heading).toHaveText(title);
  await c.page.goto(pollUrl);
  const cPoll = new PollPage(c.page);
  await expect(cPoll.heading).toHaveText(title);

  await bPoll.answer(2, "Yes").click();
  await expect(bPoll.answer(2, "Yes")).toHaveAttribute("aria-pressed", "true");
  // Live on the others' pages, no reload.
  await expect(aPoll.tally(2)).toContainText("Yes 1");
  await expect(cPoll.tally(2)).toContainText("Yes 1");
  await expect(
    aPoll.grid.getByRole("cell", { name: new RegExp(`^${bName}, .*: Yes$`) }),
  ).toBeVisible();

  await cPoll.answer(2, "If need be").click();
  await cPoll.answer(1, "No").click();
  await expect(aPoll.tally(2)).toContainText("If need be 1");
  await expect(bPoll.tally(2)).toContainText("If need be 1");
  await expect(
    bPoll.grid.getByRole("cell", { name: new RegExp(`^${cName}, .*: If need be$`) }),
  ).toBeVisible();
  await expect(aPoll.summary).toContainText("2 of 3 answered");

  // B adds a fourth option (members may, by default): it appears on A's page live.
  await bPoll.addOption.click();
  await bPoll.newOptionTime.fill(await localDateTime(b.page, 5, 19));
  await bPoll.saveOption.click();
  await expect(bPoll.addOptionDialog).toBeHidden();
  await expect(aPoll.options.getByRole("listitem")).toHaveCount(4);
  await expect(aPoll.tally(4)).toContainText("Yes 0");

  if (process.env.CLINK_POLL_SCREENSHOTS) {
    for (const width of [390, 1280]) {
      await a.page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await a.page.screenshot({ path: `screenshots/poll-${width}.png`, fullPage: true });
    }
  }

  // A picks option 2: the session opens, B is going, C is invited saying If need be.
  await aPoll.pick(2).click();
  await expect(a.page).toHaveURL(/\/(private-)?event\//, { timeout: 15_000 });
  const session = new EventPage(a.page);
  await expect(a.page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const attendees = session.whosComing.getByRole("list", { name: "Attendees" });
  await expect(attendees.getByRole("listitem", { name: bName })).toBeVisible();
  await expect(attendees.getByRole("listitem", { name: cName })).toHaveCount(0);

  const cBell = new NotificationBell(c.page);
  await cBell.open();
  const invitation = cBell.item(title);
  await expect(invitation).toContainText("If need be");
  await expect(cBell.accept(invitation)).toBeVisible();
  await cBell.close();

  // The poll is closed for everyone, live: answers are gone, the session is linked.
  await expect(bPoll.answer(1, "Yes")).toHaveCount(0);
  await expect(b.page.getByRole("link", { name: "Open the session" })).toBeVisible();
});
