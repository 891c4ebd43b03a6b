import type { ExternalToast } from "sonner";

type ToastKind = "message" | "success" | "error";

function show(kind: ToastKind, message: string, options?: ExternalToast): void {
  void import("sonner").then(({ toast }) => {
    if (kind === "message") toast(message, options);
    else toast[kind](message, options);
  });
}

/**
 * sonner's `toast` for code in the first download (the shell, sign-in and sign-out checks):
 * the same calls, with the library fetched on the first toast (or with the toaster, whichever
 * comes first) instead of before the first screen. Lazily loaded screens import `toast` from
 * "sonner" directly.
 */
export const toastLater = Object.assign(
  (message: string, options?: ExternalToast) => show("message", message, options),
  {
    success: (message: string, options?: ExternalToast) => show("success", message, options),
    error: (message: string, options?: ExternalToast) => show("error", message, options),
  },
);
