import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { useNetworkNeeded } from "./useNetworkNeeded";

// The connection state, faked: the real one reads the Convex client's socket.
const connection = vi.hoisted(() => ({ online: true }));
vi.mock("./useConnectionLost", () => ({ useOnline: () => connection.online }));

/** A save button as the screens build it: its control props, busy label and note. */
function SaveButton({ busy = false }: { busy?: boolean }) {
  const need = useNetworkNeeded("saving your profile", busy);
  return (
    <div>
      <button type="submit" disabled={busy} {...need.control}>
        {busy ? need.busyLabel("Saving…") : "Save Changes"}
      </button>
      <NeedsNetworkNote need={need} />
    </div>
  );
}

const render = (busy?: boolean) => renderToStaticMarkup(<SaveButton busy={busy} />);

beforeEach(() => {
  connection.online = true;
});

describe("useNetworkNeeded", () => {
  it("leaves the button alone while online", () => {
    const html = render();
    expect(html).toContain(">Save Changes</button>");
    expect(html).not.toContain("aria-disabled");
    expect(html).not.toContain("aria-describedby");
    expect(html).not.toContain("offline");
  });

  it("offline: keeps the label, aria-disables the button and links the visible reason", () => {
    connection.online = false;
    const html = render();
    expect(html).toContain(">Save Changes</button>");
    expect(html).toContain('aria-disabled="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(describedBy).toBeDefined();
    expect(html).toContain(`<span id="${describedBy}"`);
    expect(html).toContain("You&#x27;re offline: saving your profile needs a connection.");
  });

  it("offline with the save sent: waits for the connection instead of a bare busy label", () => {
    connection.online = false;
    const html = render(true);
    expect(html).toContain(">Waiting for the connection…</button>");
    expect(html).not.toContain("aria-disabled");
    expect(html).toContain("saving your profile will finish when you&#x27;re back online.");
  });

  it("follows the connection: the same button is back once online", () => {
    connection.online = false;
    expect(render()).toContain("aria-disabled");
    connection.online = true;
    expect(render()).not.toContain("aria-disabled");
  });
});
