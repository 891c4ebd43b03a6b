import { useMutation } from "convex/react";
import { useId, useState, type FormEvent } from "react";
import { api } from "@convex/_generated/api";
import { DEBUG_MESSAGES } from "@shared/debugPages";
import { errorMessage } from "@shared/errors";
import { NOTIFICATION_TYPES, type NotificationType } from "@shared/notificationRules";
import { Button } from "@/components/ui/Button";
import { Field, inputStyles } from "@/components/ui/Field";
import { Spinner } from "@/components/ui/Spinner";
import { debugToast } from "../kit/debugToast";

/** Sends the signed-in user a test notification; it shows in the bell and as a toast, live. */
export function SendTestNotification() {
  const send = useMutation(api.debug.sendMeTestNotification);
  const [type, setType] = useState<NotificationType>("event_update");
  const [title, setTitle] = useState<string>(DEBUG_MESSAGES.testNotificationTitle);
  const [message, setMessage] = useState<string>(DEBUG_MESSAGES.testNotificationMessage);
  const [busy, setBusy] = useState(false);
  const formId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await send({ type, title, message });
      debugToast.success("Test notification sent");
    } catch (error) {
      debugToast.error(errorMessage(error, "Failed to send the test notification"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id={formId} onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <Field label="Type">
        {(control) => (
          <select
            {...control}
            className={inputStyles}
            value={type}
            onChange={(event) => setType(event.target.value as NotificationType)}
          >
            {NOTIFICATION_TYPES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Title">
        {(control) => (
          <input
            {...control}
            className={inputStyles}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      <Field label="Message">
        {(control) => (
          <textarea
            {...control}
            rows={2}
            className={inputStyles}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" disabled={busy} className="self-start">
        {busy && <Spinner className="size-4" />}
        Send Test Notification
      </Button>
    </form>
  );
}
