import { expect, test } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import { EventPage } from "./pages/EventPage.ts";
import { EventRecapSection } from "./pages/EventRecapSection.ts";
import { signUp } from "./support/auth.ts";
import { expectNoSeriousA11yViolations } from "./support/axe.ts";
import { createEventThroughWizard, localDateTimeFromNow, uniqueToken } from "./support/events.ts";
import { gradientPng } from "./support/images.ts";
import { emailPrefix, uniqueEmail } from "./support/users.ts";
import { newPerson } from "./support/people.ts";

test("after the night: an attendee rates, uploads and comments; another sees it live and reacts; a non-attendee missed it", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const token = uniqueToken();
  const title = `Toast night ${token}`;

  // The host (an attendee) makes a session that started 3 hours ago and is still on.
  const host = await newPerson(browser);
  const hostEmail = uniqueEmail("toaster");
  await signUp(host.page, hostEmail);
  const path = await createEventThroughWizard(host.page, {
    title,
    when: {
      choice: "Custom",
      start: await localDateTimeFromNow(host.page, -180),
      end: await localDateTimeFromNow(host.page, 60),
    },
  });

  // A guest joins while it is still on.
  const guest = await newPerson(browser);
  const guestEmail = uniqueEmail("guest");
  await signUp(guest.page, guestEmail);
  await guest.page.goto(path);
  const guestView = new EventPage(guest.page);
  await guestView.joinButton.click();
  await expect(guest.page.getByText("Hell yeah! You're in!")).toBeVisible();

  // The host ends it (end moved into the past): it is now a past session.
  const hostView = new EventPage(host.page);
  await hostView.editButton.click();
  const dialog = hostView.editDialog;
  await dialog.getByLabel(/^Ends/).fill(await localDateTimeFromNow(host.page, -10));
  for (let step = 0; step < 3; step++) await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(host.page.getByText("Changes saved")).toBeVisible();
  await expect(host.page.getByRole("main")).toContainText("Event ended");

  const hostRecap = new EventRecapSection(host.page);
  const guestRecap = new EventRecapSection(guest.page);
  await expect(hostRecap.toastRecap).toBeVisible();
  await expect(guestRecap.toastRecap).toBeVisible();
  await expect(hostRecap.ratingSummary).toContainText("No ratings yet");

  // Rating: none chosen first, then 4 stars with feedback; the guest's page follows live.
  await hostRecap.submitRating.click();
  await expect(hostRecap.rating.getByText("Please select a rating")).toBeVisible();
  await hostRecap.star("Great Experience").check();
  await expect(hostRecap.rating.getByText("Great Experience", { exact: true })).toBeVisible();
  await hostRecap.feedback.fill("Legendary toasts");
  await expect(hostRecap.rating.getByText("16/500")).toBeVisible();
  await hostRecap.submitRating.click();
  await expect(hostRecap.ratingSummary).toContainText("4.0 · 1 rating");
  await expect(guestRecap.ratingSummary).toContainText("4.0 · 1 rating");
  // …and edits it.
  await hostRecap.editRating.click();
  await hostRecap.star("Outstanding!").check();
  await hostRecap.submitRating.click();
  await expect(guestRecap.ratingSummary).toContainText("5.0 · 1 rating");

  // Photos: a non-image is refused in the browser, then a PNG with a caption.
  await hostRecap.photoInput.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hi"),
  });
  await expect(hostRecap.photos.getByText("Please select an image file")).toBeVisible();
  await hostRecap.photoInput.setInputFiles({
    name: "toast.png",
    mimeType: "image/png",
    buffer: gradientPng(240),
  });
  await hostRecap.caption.fill(`Cheers ${token}`);
  await hostRecap.uploadPhoto.click();
  await expect(host.page.getByText("Photo added! 📸")).toBeVisible();
  await expect(hostRecap.photo(`Cheers ${token}`)).toBeVisible();
  await expect(guestRecap.photo(`Cheers ${token}`)).toBeVisible();

  // Comments: empty is refused, then a comment the guest sees live and reacts to.
  await hostRecap.postComment.click();
  await expect(hostRecap.comments.getByText("Please enter a comment")).toBeVisible();
  await hostRecap.commentBox.fill(`  Best night ever ${token}  `);
  await hostRecap.postComment.click();
  await expect(hostRecap.commentBox).toHaveValue("");
  const hostName = emailPrefix(hostEmail);
  const guestComment = guestRecap.comment(hostName);
  await expect(guestComment).toContainText(`Best night ever ${token}`);
  const cheers = guestRecap.reaction(guestComment, "Cheers");
  await expect(cheers).toHaveAttribute("aria-pressed", "false");
  await cheers.click();
  await expect(cheers).toHaveAttribute("aria-pressed", "true");
  await expect(cheers).toHaveAccessibleName(/, 1$/);
  const hostCheers = hostRecap.reaction(hostRecap.comment(hostName), "Cheers");
  await expect(hostCheers).toHaveAccessibleName(/, 1$/);
  await expect(hostCheers).toHaveAttribute("aria-pressed", "false");
  // The recap card picks the comment with reactions.
  await expect(guestRecap.toastRecap).toContainText(`Best night ever ${token}`);

  // The guest opens the gallery viewer: keyboard, no serious a11y problems, Esc closes.
  await guestRecap.photo(`Cheers ${token}`).click();
  await expect(guestRecap.viewer).toBeVisible();
  await expect(guestRecap.viewer.getByText("Photo 1 of 1")).toBeVisible();
  // Not the uploader nor the host: no delete.
  await expect(guestRecap.viewer.getByRole("button", { name: "Delete photo" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(guest.page);
  await guest.page.keyboard.press("Escape");
  await expect(guestRecap.viewer).toBeHidden();

  // Screenshots at phone and laptop widths.
  await mkdir("screenshots", { recursive: true });
  for (const width of [390, 1280]) {
    await guest.page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await guestRecap.toastRecap.scrollIntoViewIfNeeded();
    await guest.page.screenshot({ path: `screenshots/recap-event-${width}.png`, fullPage: true });
    await guestRecap.photo(`Cheers ${token}`).click();
    await expect(guestRecap.viewer).toBeVisible();
    await expect(guestRecap.viewer.getByRole("img", { name: `Cheers ${token}` })).toBeVisible();
    // Let the opening transition settle before the picture: an animation framer-motion replaces
    // is cancelled, and its `finished` rejects with AbortError, which also means it is over.
    await guestRecap.viewer.evaluate((el) =>
      Promise.allSettled(el.ownerDocument.getAnimations().map((animation) => animation.finished)),
    );
    await guest.page.screenshot({ path: `screenshots/recap-viewer-${width}.png` });
    await guest.page.keyboard.press("Escape");
    await expect(guestRecap.viewer).toBeHidden();
  }
  await expectNoSeriousA11yViolations(guest.page);

  // A signed-in non-attendee: 'You missed this one!', can look but not post.
  const stranger = await newPerson(browser);
  await signUp(stranger.page, uniqueEmail("stranger"));
  await stranger.page.goto(path);
  const strangerView = new EventPage(stranger.page);
  const strangerRecap = new EventRecapSection(stranger.page);
  await expect(strangerView.missedIt).toBeVisible();
  await expect(strangerRecap.comment(hostName)).toContainText(`Best night ever ${token}`);
  await expect(strangerRecap.photo(`Cheers ${token}`)).toBeVisible();
  await expect(strangerRecap.postComment).toHaveCount(0);
  await expect(strangerRecap.photoInput).toHaveCount(0);
  await expect(strangerRecap.submitRating).toHaveCount(0);
  await expect(
    strangerRecap.comments.getByText("Only people who were there can comment."),
  ).toBeVisible();

  // The host deletes the photo, with confirmation; the guest's gallery follows.
  await hostRecap.photo(`Cheers ${token}`).click();
  await hostRecap.viewer.getByRole("button", { name: "Delete photo" }).click();
  const confirm = host.page.getByRole("dialog", { name: "Delete this photo?" });
  await confirm.getByRole("button", { name: "Delete Photo" }).click();
  await expect(host.page.getByText("Photo deleted")).toBeVisible();
  await expect(guestRecap.photo(`Cheers ${token}`)).toHaveCount(0);

  expect(host.errors).toEqual([]);
  expect(guest.errors).toEqual([]);
  expect(stranger.errors).toEqual([]);
});
