import { useMutation } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "../../../../convex/_generated/api";
import { APP_NAME } from "../../../../shared/brand";
import { CREW_MESSAGES } from "../../../../shared/crewRules";
import { errorMessage } from "../../../../shared/errors";
import { Button } from "@/components/ui/Button";
import { Modal } from "@/components/ui/Modal";
import { Skeleton } from "@/components/ui/Skeleton";
import { lazyComponent } from "@/lib/lazyComponent";
import { CopyLinkField } from "../components/CopyLinkField";
import { ShareIcon } from "../components/icons";
import { formatDay } from "../lib/format";
import type { CrewRef } from "../lib/types";

// The QR library loads with the first link shown, not with the crew page.
const InviteQrCode = lazyComponent(
  () => import("./InviteQrCode"),
  "InviteQrCode",
  <Skeleton className="size-50 rounded-3xl sm:size-54" />,
);

type Link = { url: string; expiresAt: number; maxUses: number | null };

function canShareNatively(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.share === "function";
}

/**
 * Share an invite link (spec 3 "Crew card menu: Create Invite Link", §9): a
 * new 7-day link is made when the dialog first opens for a crew; it shows the
 * link with Copy ('Copied!' for 2 s), the device's share sheet where there is
 * one, and a QR code of it. Joining by the link makes an accepted member at once.
 */
export function ShareCrewLinkDialog({
  crew,
  open,
  onClose,
}: {
  crew: Pick<CrewRef, "_id" | "name" | "isPublic">;
  open: boolean;
  onClose: () => void;
}) {
  const createLink = useMutation(api.crews.createInviteLinkFor);
  const [link, setLink] = useState<{ crewId: string; link: Link } | null>(null);
  const [failed, setFailed] = useState(false);
  const requested = useRef<string | null>(null);
  const current = link?.crewId === crew._id ? link.link : null;

  useEffect(() => {
    if (!open || failed || current !== null || requested.current === crew._id) return;
    requested.current = crew._id;
    createLink({ crewId: crew._id })
      .then((created) =>
        setLink({
          crewId: crew._id,
          link: {
            url: new URL(created.path, window.location.origin).toString(),
            expiresAt: created.expiresAt,
            maxUses: created.maxUses,
          },
        }),
      )
      .catch((error: unknown) => {
        requested.current = null;
        setFailed(true);
        toast.error(errorMessage(error, CREW_MESSAGES.failedToCreateInviteLink));
      });
  }, [open, failed, current, crew._id, createLink]);

  function retry() {
    setFailed(false);
    requested.current = null;
    setLink(null);
  }

  async function shareNatively(url: string) {
    try {
      await navigator.share({
        title: crew.name,
        text: `Join ${crew.name}${crew.isPublic ? "" : " (Private Crew)"} on ${APP_NAME}`,
        url,
      });
    } catch {
      // Closing the share sheet is not a failure; Copy is right there.
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Share invite link"
      description={`Anyone with this link can join ${crew.name}.`}
      eyebrow={<span aria-hidden="true">🔗 Bring your friends</span>}
    >
      {failed ? (
        <div role="alert" className="flex flex-col items-center gap-4 py-4 text-center">
          <p className="text-cream-200">{CREW_MESSAGES.failedToCreateInviteLink}</p>
          <Button onClick={retry}>Try Again</Button>
        </div>
      ) : current === null ? (
        <div role="status" aria-label="Creating invite link" className="flex flex-col gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-12 rounded-2xl" />
          <Skeleton className="mx-auto size-50 rounded-3xl" />
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <CopyLinkField label="Invite link" url={current.url} />
          <p className="-mt-2 text-sm text-cream-400">
            Valid until {formatDay(current.expiresAt)}
            {current.maxUses !== null && ` · up to ${current.maxUses} uses`}
          </p>
          {canShareNatively() && (
            <Button variant="secondary" onClick={() => void shareNatively(current.url)}>
              <ShareIcon className="size-4" /> Share via…
            </Button>
          )}
          <figure className="flex flex-col items-center gap-3">
            <InviteQrCode url={current.url} />
            <figcaption className="text-sm text-cream-400">
              Standing at the bar? Let them scan it.
            </figcaption>
          </figure>
        </div>
      )}
    </Modal>
  );
}
