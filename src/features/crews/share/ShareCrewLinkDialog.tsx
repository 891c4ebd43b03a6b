import { useMutation } from "convex/react";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import { APP_NAME } from "@shared/brand";
import { CREW_MESSAGES, INVITE_LINK_MESSAGES } from "@shared/crewRules";
import { errorMessage } from "@shared/errors";
import { Button } from "@/components/ui/Button";
import { Modal } from "@/components/ui/Modal";
import { Skeleton } from "@/components/ui/Skeleton";
import { Spinner } from "@/components/ui/Spinner";
import { CopyLinkField } from "@/components/ui/CopyLinkField";
import { lazyComponent } from "@/lib/lazyComponent";
import { useQueryState } from "@/lib/useQueryState";
import { ShareIcon } from "@/components/ui/screenIcons";
import { formatDay } from "../lib/format";
import type { CrewRef } from "../lib/types";

// The QR library loads with the first link shown, not with the crew page.
const InviteQrCode = lazyComponent(
  () => import("./InviteQrCode"),
  "InviteQrCode",
  <Skeleton className="size-50 rounded-3xl sm:size-54" />,
);

type Link = { code: string; url: string; expiresAt: number; maxUses: number | null };

function canShareNatively(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.share === "function";
}

function timesUsed(count: number): string {
  if (count === 0) return "not used yet";
  return count === 1 ? "used once" : `used ${count} times`;
}

/** 'Valid until Dec 4, 2026 · up to 5 uses' (a new link) or '· used once' / '· 2 of 5 uses' (a listed one). */
function linkTerms(link: { expiresAt: number; maxUses: number | null; currentUses?: number }) {
  const { maxUses, currentUses } = link;
  const uses =
    currentUses === undefined
      ? maxUses === null
        ? ""
        : ` · up to ${maxUses} uses`
      : maxUses === null
        ? ` · ${timesUsed(currentUses)}`
        : ` · ${currentUses} of ${maxUses} uses`;
  return `Valid until ${formatDay(link.expiresAt)}${uses}`;
}

/**
 * Share an invite link: a
 * new 7-day link is made when the dialog first opens for a crew and copied
 * to the clipboard at once ('Copied!' for 2 s, where the browser allows it);
 * it shows the link with Copy, the device's share sheet where there is one,
 * and a QR code of it. Joining by the link makes an accepted member at once.
 * Host and co-hosts revoke the link (then make a new one), and any other of
 * the crew's links that still work, listed below it.
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
  const revokeLink = useMutation(api.crews.revokeInviteLink);
  const [link, setLink] = useState<{ crewId: string; link: Link } | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const requested = useRef<string | null>(null);
  const current = link?.crewId === crew._id ? link.link : null;
  const isRevoked = current !== null && revoked === current.code;
  const working = useQueryState(api.crews.inviteLinks, open ? { crewId: crew._id } : "skip");
  const others =
    working.status === "success"
      ? working.data.filter((other) => other.inviteCode !== current?.code)
      : [];

  useEffect(() => {
    if (!open || failed || current !== null || requested.current === crew._id) return;
    requested.current = crew._id;
    createLink({ crewId: crew._id })
      .then((created) =>
        setLink({
          crewId: crew._id,
          link: {
            code: created.inviteCode,
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

  function newLink() {
    setFailed(false);
    setRevoked(null);
    requested.current = null;
    setLink(null);
  }

  async function revoke(inviteCode: string) {
    if (revoking !== null) return;
    setRevoking(inviteCode);
    try {
      await revokeLink({ crewId: crew._id, inviteCode });
      if (inviteCode === current?.code) setRevoked(inviteCode);
      else toast.success(`Link ${inviteCode} revoked`);
    } catch (error) {
      toast.error(errorMessage(error, INVITE_LINK_MESSAGES.failedToRevoke));
    } finally {
      setRevoking(null);
    }
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
          <Button onClick={newLink}>Try Again</Button>
        </div>
      ) : current === null ? (
        <div role="status" aria-label="Creating invite link" className="flex flex-col gap-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-12 rounded-2xl" />
          <Skeleton className="mx-auto size-50 rounded-3xl" />
        </div>
      ) : isRevoked ? (
        <div role="status" className="flex flex-col items-center gap-4 py-4 text-center">
          <p className="text-cream-200">{INVITE_LINK_MESSAGES.revoked}</p>
          <Button onClick={newLink}>Create New Link</Button>
        </div>
      ) : (
        <div className="flex flex-col gap-5">
          <CopyLinkField label="Invite link" url={current.url} copyOnShow />
          <div className="-mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p className="text-sm text-cream-400">{linkTerms(current)}</p>
            <Button
              variant="ghost"
              size="sm"
              className="-mr-3 text-red-300 hover:bg-red-500/10 hover:text-red-200"
              disabled={revoking !== null}
              onClick={() => void revoke(current.code)}
            >
              {revoking === current.code && <Spinner className="size-4" />}
              {revoking === current.code ? "Revoking..." : "Revoke link"}
            </Button>
          </div>
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
      {others.length > 0 && (
        <details className="group mt-5 rounded-2xl bg-night-800/60 ring-1 ring-night-700 ring-inset">
          <summary className="cursor-pointer list-none px-4 py-3 text-sm font-semibold text-cream-200 select-none hover:text-cream-50 [&::-webkit-details-marker]:hidden">
            <span aria-hidden="true" className="mr-2 inline-block transition group-open:rotate-90">
              ›
            </span>
            Other links that still work ({others.length})
          </summary>
          <ul aria-label="Other links that still work" className="flex flex-col px-4 pb-2">
            {others.map((other) => (
              <li
                key={other.inviteCode}
                className="flex items-center justify-between gap-3 border-t border-night-700 py-2"
              >
                <div className="min-w-0">
                  <p className="font-mono text-sm font-bold tracking-widest text-cream-50">
                    {other.inviteCode}
                    {other.madeByYou && (
                      <span className="ml-2 font-sans text-xs font-semibold tracking-normal text-cream-400">
                        yours
                      </span>
                    )}
                  </p>
                  <p className="text-xs text-cream-400">{linkTerms(other)}</p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="shrink-0 text-red-300 hover:bg-red-500/10 hover:text-red-200"
                  aria-label={`Revoke link ${other.inviteCode}`}
                  disabled={revoking !== null}
                  onClick={() => void revoke(other.inviteCode)}
                >
                  {revoking === other.inviteCode ? "Revoking..." : "Revoke"}
                </Button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </Modal>
  );
}
