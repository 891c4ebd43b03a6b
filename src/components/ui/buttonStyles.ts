import { cn } from "@/lib/cn";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

// aria-disabled (a button off while offline) looks the same as disabled but stays focusable,
// so the reason it points at is heard; its handler ignores the press. Dimmed to 70 %, not
// less: a button that is off still says something ('Full', 'Joined!'), and its text keeps
// 4.5:1 on every variant.
const base =
  "inline-flex select-none items-center justify-center gap-2 rounded-full font-semibold whitespace-nowrap " +
  "transition duration-150 active:scale-[0.97] disabled:pointer-events-none disabled:opacity-70 " +
  "aria-disabled:cursor-not-allowed aria-disabled:opacity-70 aria-disabled:active:scale-100";

const variants: Record<ButtonVariant, string> = {
  primary:
    "bg-brand-gradient text-brand-ink shadow-lg shadow-brand-orange/20 hover:brightness-110 hover:shadow-brand-pink/30",
  secondary: "bg-night-800 text-cream-50 ring-1 ring-night-600 ring-inset hover:bg-night-700",
  ghost: "text-cream-200 hover:bg-night-800 hover:text-cream-50",
  // For destructive actions (account deletion); white on red-700 keeps 6:1 contrast.
  danger: "bg-red-700 text-white shadow-lg shadow-red-900/30 hover:bg-red-600",
};

// md and lg stay at or above 44px: most people tap Clink on a phone.
const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-4 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-13 px-7 text-base",
};

/** Classes shared by <Button> and <ButtonLink> so links can look like buttons. */
export function buttonStyles(
  { variant = "primary", size = "md" }: ButtonStyleProps,
  className?: string,
): string {
  return cn(base, variants[variant], sizes[size], className);
}
