import type { InvitationResponse } from "@shared/notificationRules";
import { Button } from "./Button";
import type { ButtonStyleProps } from "./buttonStyles";
import { Spinner } from "./Spinner";

const ANSWERS = [
  { response: "accepted", label: "Accept", variant: "primary" },
  { response: "declined", label: "Decline", variant: "secondary" },
] as const;

/**
 * An invitation's answer, Accept and Decline side by side, wherever an invitation is answered
 * (a session's or a crew's page, the bell). Both are off while an answer is on its way; the one
 * sent shows a spinner when `busy` says which.
 */
export function AcceptDeclineButtons({
  onAnswer,
  disabled,
  busy = null,
  size,
  className = "flex gap-2",
  buttonClassName,
}: {
  onAnswer: (response: InvitationResponse) => void;
  disabled: boolean;
  busy?: InvitationResponse | null;
  size?: ButtonStyleProps["size"];
  /** The row's classes (a flex row with its gap and padding). */
  className?: string;
  buttonClassName?: string;
}) {
  return (
    <div className={className}>
      {ANSWERS.map(({ response, label, variant }) => (
        <Button
          key={response}
          size={size}
          variant={variant}
          disabled={disabled}
          onClick={() => onAnswer(response)}
          className={buttonClassName}
        >
          {busy === response && <Spinner className="size-4" />}
          {label}
        </Button>
      ))}
    </div>
  );
}
