import { expect, test, type Page } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { EventPage } from "./pages/EventPage.ts";
import { TabSection } from "./pages/TabSection.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { keptOnDevice, switchableLiveConnection } from "./support/deviceCopy.ts";
import { createEventThroughWizard, uniqueToken } from "./support/events.ts";
import { newPerson } from "./support/people.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";

test("three people going add three expenses; all three browsers show the same balances and plan live, and a transfer marked paid updates everyone", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // en-GB browsers: the host's locale makes the tab's currency pounds.
  const people = [
    await newPerson(browser, { locale: "en-GB" }),
    await newPerson(browser, { locale: "en-GB" }),
    await newPerson(browser, { locale: "en-GB" }),
  ];
  const [host, ann, ben] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
  const names: string[] = [];
  for (const [index, person] of people.entries()) {
    const email = uniqueEmail(["sam", "ann", "ben"][index]);
    await signUp(person.page, email);
    names.push(emailPrefix(email));
  }
  const [hostName, annName, benName] = names as [string, string, string];

  const path = await createEventThroughWizard(host.page, { title: `Tab night ${uniqueToken()}` });
  for (const guest of [ann, ben]) {
    const page = new EventPage(guest.page);
    await page.goto(path);
    await page.joinButton.click();
    await expect(page.joinButton).toHaveText(/Joined!|Leave Event/);
  }
  const tabs = people.map((person) => new TabSection(person.page));
  for (const tab of tabs) await expect(tab.section).toBeVisible();
  await expect(tabs[0].section.getByRole("combobox")).toHaveValue("GBP");

  // Sam's round for the three of them, Ann's chips, Ben's taxi for Sam and Ann only.
  await tabs[0].add("Round at the Crown", "30");
  await tabs[1].add("Chips", "6.00");
  await tabs[2].add("Taxi home", "15", { [hostName]: "5", [annName]: "10.00" });

  // Sam 30 − 17 = +13, Ann 6 − 22 = −16, Ben 15 − 12 = +3: Ann pays both.
  for (const tab of tabs) {
    await expect(tab.balance(hostName)).toContainText("gets back £13.00");
    await expect(tab.balance(annName)).toContainText("owes £16.00");
    await expect(tab.balance(benName)).toContainText("gets back £3.00");
    await expect(tab.plan.getByRole("listitem")).toHaveCount(2);
  }
  const balances = await tabs[0].balanceTexts();
  const plan = await tabs[0].planAmounts();
  for (const tab of tabs.slice(1)) {
    expect(await tab.balanceTexts()).toEqual(balances);
    expect(await tab.planAmounts()).toEqual(plan);
  }
  expect([...plan].sort()).toEqual(["£13.00", "£3.00"]);

  // Ben, who is owed £3.00, marks Ann's transfer to him paid: everyone sees it.
  await tabs[2].plan.getByRole("button", { name: /Mark paid: .* £3\.00/ }).click();
  for (const tab of tabs) {
    await expect(tab.balance(benName)).toContainText("Settled");
    await expect(tab.balance(annName)).toContainText("owes £13.00");
    await expect(tab.plan.getByRole("listitem")).toHaveCount(1);
  }
  // Ann can still mark her transfer to Sam paid.
  await expect(tabs[1].plan.getByRole("button", { name: /Mark paid/ })).toHaveCount(1);

  await expectNoSeriousA11yViolations(host.page);
  await expectNoSeriousA11yViolations(ann.page);
  if (process.env.CLINK_SCREENSHOTS) {
    await screenshots(ann.page, "tab-guest", tabs[1]);
    await tabs[0].addExpense.click();
    await expect(tabs[0].dialog).toBeVisible();
    await screenshots(host.page, "tab-dialog", tabs[0], true);
  }
  for (const person of people) expect(person.errors).toEqual([]);
});

test("an expense added with no signal waits on the phone and reaches everyone once the signal is back", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const host = await newPerson(browser, { locale: "en-GB" });
  const guest = await newPerson(browser, { locale: "en-GB" });
  const live = await switchableLiveConnection(guest.page);
  await signUp(host.page, uniqueEmail("hal"));
  const guestEmail = uniqueEmail("gil");
  await signUp(guest.page, guestEmail);
  const path = await createEventThroughWizard(host.page, {
    title: `Basement bar ${uniqueToken()}`,
  });
  const guestPage = new EventPage(guest.page);
  await guestPage.goto(path);
  await guestPage.joinButton.click();
  await expect(guestPage.joinButton).toHaveText(/Joined!|Leave Event/);
  const hostTab = new TabSection(host.page);
  const guestTab = new TabSection(guest.page);
  await expect(guestTab.section).toBeVisible();
  // The people who can share an expense are on the device, for the form to open offline.
  await expect
    .poll(async () => (await keptOnDevice(guest.page)).some((row) => row.name === "tab:people"))
    .toBe(true);

  // The app's service worker keeps every chunk; these tests block it, so the form loads once first.
  await guestTab.addExpense.click();
  await expect(guestTab.dialog).toBeVisible();
  await guest.page.keyboard.press("Escape");
  await expect(guestTab.dialog).toBeHidden();

  live.cut();
  await guest.page.context().setOffline(true);
  await guestTab.add("Crisps", "4");
  await expect(guestTab.expenses.getByTestId("waiting-to-send")).toBeVisible();
  await expect(hostTab.section).not.toContainText("Crisps");

  // The sockets pass again before the browser says it is online, as when a network returns:
  // the client reconnects at once on the "online" event, not after its back-off.
  live.restore();
  await guest.page.context().setOffline(false);
  await expect(hostTab.balance(emailPrefix(guestEmail))).toContainText("gets back £2.00");
  await expect(hostTab.expenses.getByText("Crisps")).toHaveCount(1);
  await expect(guestTab.expenses.getByTestId("waiting-to-send")).toHaveCount(0);
  await expect(guestTab.expenses.getByText("Crisps")).toHaveCount(1);
  expect(host.errors).toEqual([]);
});

async function screenshots(
  page: Page,
  name: string,
  view: TabSection,
  dialog = false,
): Promise<void> {
  const dir = process.env.CLINK_SCREENSHOTS_DIR ?? "screenshots";
  await mkdir(dir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    if (dialog) {
      await page.screenshot({ path: `${dir}/${name}-${width}.png` });
      continue;
    }
    await view.section.scrollIntoViewIfNeeded();
    expect(
      await view.section.evaluate((section) => section.scrollWidth <= section.clientWidth),
    ).toBe(true);
    await view.section.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
}
