import { afterEach, describe, expect, it, vi } from "vitest";
import { ConnectionLostError } from "./offline/connectionWatch";
import { UploadError, uploadWithProgress } from "./uploadWithProgress";

/** Just enough of XMLHttpRequest: sends are recorded, abort() fires "abort" like the real one. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  private listeners = new Map<string, () => void>();
  upload = { addEventListener: () => undefined };
  status = 0;
  responseText = "";
  open() {}
  setRequestHeader() {}
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  send() {
    FakeRequest.sent.push(this);
  }
  abort() {
    this.listeners.get("abort")?.();
  }
}

afterEach(() => {
  FakeRequest.sent = [];
  vi.unstubAllGlobals();
});

describe("uploadWithProgress with a signal", () => {
  it("stops the request when the signal aborts, failing with the reason's message", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    const controller = new AbortController();
    const upload = uploadWithProgress(
      "https://upload",
      new Blob(["x"]),
      () => undefined,
      controller.signal,
    );
    expect(FakeRequest.sent).toHaveLength(1);
    controller.abort(new ConnectionLostError());
    await expect(upload).rejects.toEqual(
      new UploadError("The connection was lost. Try again when you're back online."),
    );
  });

  it("sends nothing when the signal is already aborted", async () => {
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadWithProgress("https://upload", new Blob(["x"]), () => undefined, controller.signal),
    ).rejects.toEqual(new UploadError("Upload cancelled"));
    expect(FakeRequest.sent).toHaveLength(0);
  });
});
