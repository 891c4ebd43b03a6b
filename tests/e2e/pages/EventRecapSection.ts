import type { Locator, Page } from "@playwright/test";

/** The after-the-night part of the event page: Toast Recap, rating, photos, comments, photo viewer. */
export class EventRecapSection {
  readonly toastRecap: Locator;
  readonly rating: Locator;
  readonly ratingSummary: Locator;
  readonly submitRating: Locator;
  readonly editRating: Locator;
  readonly feedback: Locator;
  readonly photos: Locator;
  readonly photoInput: Locator;
  readonly addPhoto: Locator;
  readonly caption: Locator;
  readonly uploadPhoto: Locator;
  readonly comments: Locator;
  readonly commentBox: Locator;
  readonly postComment: Locator;
  readonly viewer: Locator;
  /** In the viewer: "I'm in this — don't show it", and lifting it. */
  readonly dontShowIt: Locator;
  readonly showItAgain: Locator;

  constructor(page: Page) {
    const main = page.getByRole("main");
    this.toastRecap = main.getByRole("region", { name: "Toast Recap" });
    this.rating = main.getByRole("region", { name: "Rating", exact: true });
    this.ratingSummary = this.rating.getByTestId("rating-summary");
    this.submitRating = this.rating.getByRole("button", { name: /^(Submit|Update) Rating$/ });
    this.editRating = this.rating.getByRole("button", { name: "Edit rating" });
    this.feedback = this.rating.getByLabel("Feedback (optional)");
    this.photos = main.getByRole("region", { name: "Photos" });
    this.photoInput = this.photos.locator('input[type="file"]');
    this.addPhoto = this.photos.getByText(/^(Add a photo|Choose another photo)$/);
    this.caption = this.photos.getByLabel("Caption (optional)");
    this.uploadPhoto = this.photos.getByRole("button", { name: /^Upload Photo$/ });
    this.comments = main.getByRole("region", { name: "Comments" });
    this.commentBox = this.comments.getByLabel("Add a comment");
    this.postComment = this.comments.getByRole("button", { name: "Post Comment" });
    this.viewer = page.getByRole("dialog", { name: /^Photo \d+ of \d+$/ });
    this.dontShowIt = this.viewer.getByRole("button", { name: "I'm in this — don't show it" });
    this.showItAgain = this.viewer.getByRole("button", { name: "Show it again" });
  }

  star(label: string): Locator {
    return this.rating.getByRole("radio", { name: new RegExp(label) });
  }

  photo(caption: string): Locator {
    return this.photos.getByRole("button", { name: caption });
  }

  comment(author: string): Locator {
    return this.comments.getByRole("article", { name: `Comment by ${author}` });
  }

  reaction(comment: Locator, label: string): Locator {
    return comment.getByRole("button", { name: new RegExp(`^${label} `) });
  }
}
