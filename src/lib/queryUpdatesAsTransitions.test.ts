import { ConvexReactClient } from "convex/react";
import { expect, test, vi } from "vitest";
import { renderQueryUpdatesAsTransitions } from "./queryUpdatesAsTransitions";

const calls: string[] = [];
vi.mock("react", async (importOriginal) => ({
  ...(await importOriginal<typeof import("react")>()),
  startTransition: (scope: () => void) => {
    calls.push("transition starts");
    scope();
    calls.push("transition ends");
  },
}));

test("query listeners are called inside a React transition", () => {
  const client = new ConvexReactClient("https://happy-otter-123.convex.cloud");
  // convex/react's private state: a listener per query token, called from `transition`.
  const internals = client as unknown as {
    listeners: Map<string, Set<() => void>>;
    transition: (queryTokens: string[]) => void;
  };
  internals.listeners.set("a query", new Set([() => calls.push("listener")]));
  renderQueryUpdatesAsTransitions(client);
  internals.transition(["a query"]);
  expect(calls).toEqual(["transition starts", "listener", "transition ends"]);
});
