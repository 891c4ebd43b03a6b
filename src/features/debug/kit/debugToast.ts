import { toast } from "@/lib/toast";
import { DEBUG_LIMITS } from "@shared/debugPages";

/** The debug pages' custom toasts: 8 s, not the shell's 5 s. */
export const debugToast = {
  success: (message: string) => toast.success(message, { duration: DEBUG_LIMITS.toastMs }),
  error: (message: string) => toast.error(message, { duration: DEBUG_LIMITS.toastMs }),
  info: (message: string) => toast(message, { duration: DEBUG_LIMITS.toastMs }),
};
