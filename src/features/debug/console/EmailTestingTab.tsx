import { useMutation } from "convex/react";
import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { DRINK_TYPES, drinkLabel, type DrinkType } from "@shared/drinks";
import { VIBES, vibeLabel, type Vibe } from "@shared/eventOptions";
import { fromDateTimeLocalValue, toDateTimeLocalValue } from "@shared/eventTiming";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { Field, inputStyles } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import { DebugSection } from "../kit/DebugSection";
import { debugToast } from "../kit/debugToast";
import { useConsole } from "./ConsoleContext";
import { createEventArgs, defaultTestEvent, type TestEventForm } from "./testSession";

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 1. Email Testing: create a test session, then invite a test guest at an e-mail address. */
export function EmailTestingTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <CreateTestEvent />
      <SendTestInvitation />
    </div>
  );
}

function CreateTestEvent() {
  const { testEventId, setTestEventId, log } = useConsole();
  const create = useMutation(api.events.create);
  const [form, setForm] = useState<TestEventForm>(() => defaultTestEvent(Date.now()));
  const [busy, setBusy] = useState(false);
  const update = (patch: Partial<TestEventForm>) =>
    setForm((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const created = await create(createEventArgs(form, timeZone));
      setTestEventId(created.eventId);
      log("success", `Test event created: ${created.eventId}`, created);
      debugToast.success("Test event created");
    } catch (error) {
      const message = errorMessage(error, "Failed to create the test event");
      log("error", message);
      debugToast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <DebugSection title="Create a test event">
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Field label="Title">
          {(control) => (
            <input
              {...control}
              className={inputStyles}
              value={form.title}
              onChange={(e) => update({ title: e.target.value })}
            />
          )}
        </Field>
        <Field label="Date and time">
          {(control) => (
            <input
              {...control}
              type="datetime-local"
              className={inputStyles}
              value={toDateTimeLocalValue(form.startTime, timeZone)}
              onChange={(e) => {
                const startTime = fromDateTimeLocalValue(e.target.value, timeZone);
                if (startTime !== null) update({ startTime });
              }}
            />
          )}
        </Field>
        <Field label="Location">
          {(control) => (
            <input
              {...control}
              className={inputStyles}
              value={form.location}
              onChange={(e) => update({ location: e.target.value })}
            />
          )}
        </Field>
        <Field label="Notes (optional)">
          {(control) => (
            <textarea
              {...control}
              rows={2}
              className={inputStyles}
              value={form.notes}
              onChange={(e) => update({ notes: e.target.value })}
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Drink type">
            {(control) => (
              <select
                {...control}
                className={inputStyles}
                value={form.drinkType}
                onChange={(e) => update({ drinkType: e.target.value as DrinkType })}
              >
                {DRINK_TYPES.map((drink) => (
                  <option key={drink} value={drink}>
                    {drinkLabel(drink)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Vibe">
            {(control) => (
              <select
                {...control}
                className={inputStyles}
                value={form.vibe}
                onChange={(e) => update({ vibe: e.target.value as Vibe })}
              >
                {VIBES.map((vibe) => (
                  <option key={vibe} value={vibe}>
                    {vibeLabel(vibe)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Privacy">
            {(control) => (
              <select
                {...control}
                className={inputStyles}
                value={form.isPublic ? "public" : "private"}
                onChange={(e) => update({ isPublic: e.target.value === "public" })}
              >
                <option value="private">Private</option>
                <option value="public">Public</option>
              </select>
            )}
          </Field>
        </div>
        <Button type="submit" disabled={busy || !form.title.trim()} className="self-start">
          {busy && <Spinner className="size-4" />}
          Create Test Event
        </Button>
        {testEventId && (
          <p role="status" className="text-sm text-cream-200">
            Created event id: <code className="font-mono text-brand-amber">{testEventId}</code>
          </p>
        )}
      </form>
    </DebugSection>
  );
}

function SendTestInvitation() {
  const { testEventId, log } = useConsole();
  const createGuest = useMutation(api.debug.createTestGuest);
  const inviteUsers = useMutation(api.invitations.inviteUsers);
  const inputId = useId();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (testEventId === null) return;
    setBusy(true);
    try {
      const guest = await createGuest({ email });
      log("info", `Test guest ${guest.displayName} <${guest.email}> created`, guest);
      const result = await inviteUsers({ eventId: testEventId, userIds: [guest.userId] });
      log("success", result.message, result);
      debugToast.success(DEBUG_MESSAGES.testInvitationCreated);
    } catch (error) {
      const message = errorMessage(error, DEBUG_MESSAGES.testInvitationFailed);
      log("error", message);
      debugToast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <DebugSection
      title="Send a test invitation"
      description="Invites a new test guest at an alias of this address (name+guest-…); the invitation e-mail (with its accept and decline links) lands in the local mailbox."
    >
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <label htmlFor={inputId} className="text-sm font-semibold text-cream-200">
          Guest e-mail
        </label>
        <input
          id={inputId}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="guest@example.test"
          className={inputStyles}
        />
        <Button
          type="submit"
          disabled={busy || testEventId === null || !email.trim()}
          className="self-start"
        >
          {busy && <Spinner className="size-4" />}
          Send Test Invitation
        </Button>
        {testEventId === null && (
          <p className="text-sm text-cream-400">Create a test event first.</p>
        )}
      </form>
    </DebugSection>
  );
}
