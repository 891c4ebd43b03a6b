import { useAction, useMutation } from "convex/react";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { toast } from "@/lib/toast";
import { api } from "@convex/_generated/api";
import type { Id } from "@convex/_generated/dataModel";
import { avatarUploadFailedMessage } from "@shared/authMessages";
import { errorMessage } from "@shared/errors";
import { AVATAR_ACCEPT, AVATAR_MAX_MB, avatarFileProblem } from "@shared/profileRules";
import { Avatar } from "@/components/ui/Avatar";
import { Button } from "@/components/ui/Button";
import { buttonStyles } from "@/components/ui/buttonStyles";
import { CameraIcon } from "@/components/ui/icons";
import { NeedsNetworkNote } from "@/components/ui/NeedsNetworkNote";
import { cn } from "@/lib/cn";
import { connectionLostReason } from "@/lib/offline/connectionWatch";
import { runWhileConnected } from "@/lib/offline/useConnectionLost";
import { useNetworkNeeded } from "@/lib/offline/useNetworkNeeded";
import { UploadError, uploadWithProgress } from "@/lib/uploadWithProgress";

/**
 * Profile photo: upload (JPG, PNG or WebP up to 5 MB, checked here and again
 * on the server) with a progress bar, or remove. Offline both are off with the
 * reason; an upload stops when the connection is lost and can be tried again.
 */
export function AvatarUploader({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  const generateUploadUrl = useMutation(api.profiles.generateAvatarUploadUrl);
  const setAvatar = useAction(api.profiles.setAvatar);
  const removeAvatar = useMutation(api.profiles.removeAvatar);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const busy = progress !== null || removing;
  const network = useNetworkNeeded("changing your photo", busy);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ""; // choosing the same file again still triggers a change
    if (!file || network.blocked) return;
    const problem = avatarFileProblem(file);
    if (problem !== null) {
      setError(problem.message);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const url = await generateUploadUrl();
      const storageId = await runWhileConnected((signal) =>
        uploadWithProgress(url, file, setProgress, signal),
      );
      await setAvatar({ storageId: storageId as Id<"_storage"> });
      toast.success("Looking good! Profile photo updated.");
    } catch (err) {
      const message = avatarUploadFailedMessage(
        errorMessage(
          err,
          connectionLostReason(err) ??
            (err instanceof UploadError ? err.message : "Please try again."),
        ),
      );
      setError(message);
      toast.error(message);
    } finally {
      setProgress(null);
    }
  }

  async function remove() {
    if (network.blocked) return;
    setRemoving(true);
    setError(null);
    try {
      await removeAvatar();
      toast.success("Profile photo removed");
    } catch (err) {
      toast.error(errorMessage(err, "Failed to remove photo. Please try again."));
    } finally {
      setRemoving(false);
    }
  }

  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-center">
      <div className="relative">
        <Avatar name={name} url={avatarUrl} size="xl" alt={`${name}'s profile photo`} />
        {progress !== null && (
          <span className="absolute inset-0 flex items-center justify-center rounded-full bg-night-950/70 font-display text-xl font-black">
            {progress < 100 ? `${progress}%` : "…"}
          </span>
        )}
      </div>
      <div className="flex w-full flex-col items-center gap-3 sm:items-start">
        <div className="flex flex-wrap justify-center gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            accept={AVATAR_ACCEPT}
            disabled={busy}
            {...network.controlWith(`${id}-hint`, error && `${id}-error`)}
            // Offline the file picker stays shut: the choice could not be uploaded.
            onClick={(event) => {
              if (network.blocked) event.preventDefault();
            }}
            onChange={(event) => void upload(event)}
            className="peer sr-only"
          />
          <label
            htmlFor={id}
            className={cn(
              buttonStyles({ variant: "secondary", size: "md" }),
              "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-brand-amber",
              // Dimmed like a disabled button: its text still reads at 4.5:1.
              busy && "pointer-events-none opacity-70",
              network.blocked && "cursor-not-allowed opacity-70",
            )}
          >
            <CameraIcon className="size-5" /> Upload new photo
          </label>
          {avatarUrl && (
            <Button
              variant="ghost"
              disabled={busy}
              {...network.control}
              onClick={() => void remove()}
            >
              Remove photo
            </Button>
          )}
        </div>
        {progress !== null && (
          <div className="flex w-full max-w-xs flex-col gap-1">
            <progress
              value={progress}
              max={100}
              aria-label="Uploading photo"
              className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-night-700 [&::-webkit-progress-value]:bg-brand-orange [&::-moz-progress-bar]:bg-brand-orange"
            />
            <p role="status" className="text-sm text-cream-200">
              {network.busyLabel(
                progress < 100 ? `Uploading… ${progress}%` : "Checking your photo…",
              )}
            </p>
          </div>
        )}
        <p id={`${id}-hint`} className="text-sm text-cream-400">
          JPG, PNG or WebP, up to {AVATAR_MAX_MB} MB.
        </p>
        <NeedsNetworkNote need={network} />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-300">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
