import { profileDisplayName } from "@shared/profileNames";
import { Avatar } from "@/components/ui/Avatar";
import { Skeleton } from "@/components/ui/Skeleton";
import { AuthErrorButton } from "@/features/auth/AuthErrorPanel";
import { useCurrentUser, type CurrentUser } from "@/features/auth/useCurrentUser";
import { useSignOut } from "@/features/auth/useSignOut";
import { lazyComponent } from "@/lib/lazyComponent";
import { MobileMenuLink } from "./MobileMenuLink";
import { SignedOutActions, SignedOutMobileLinks } from "./SignedOutActions";

// The signed-in menu (Headless UI with its floating positioning) loads only for signed-in users.
const UserMenu = lazyComponent(() => import("./UserMenu"), "UserMenu", <AccountSkeleton />);

function AccountSkeleton() {
  return <Skeleton className="h-10 w-32 rounded-full" />;
}

function accountOf(user: CurrentUser) {
  return {
    name: profileDisplayName(user.profile ?? { displayName: user.email?.split("@")[0] }),
    username: user.profile?.username ?? null,
    avatarUrl: user.profile?.avatarUrl ?? null,
  };
}

/** The nav bar's account area: Log in / Sign up, or the user menu. */
export function AccountArea() {
  const state = useCurrentUser();
  const signOut = useSignOut();
  if (state.status === "loading") return <AccountSkeleton />;
  if (state.status === "error") return <AuthErrorButton />;
  if (state.status === "signedOut") return <SignedOutActions />;
  return <UserMenu {...accountOf(state.user)} onSignOut={() => void signOut()} />;
}

const mobileItemClasses =
  "flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-left text-base font-medium text-cream-200 " +
  "transition hover:bg-night-800 hover:text-cream-50";

/** The mobile menu's account section, with the same links as the user menu. */
export function MobileAccountArea() {
  const state = useCurrentUser();
  const signOut = useSignOut();
  if (state.status === "loading") return <Skeleton className="mx-3 my-2 h-9" />;
  if (state.status === "error") return <AuthErrorButton />;
  if (state.status === "signedOut") return <SignedOutMobileLinks />;
  const account = accountOf(state.user);
  return (
    <>
      <div className="flex items-center gap-3 px-3 py-2">
        <Avatar name={account.name} url={account.avatarUrl} size="sm" />
        <span className="truncate font-semibold text-cream-50">{account.name}</span>
      </div>
      <MobileMenuLink to="/profile">My Profile</MobileMenuLink>
      <MobileMenuLink to="/events">Your Sessions</MobileMenuLink>
      <MobileMenuLink to="/profile/edit">Edit Profile</MobileMenuLink>
      <MobileMenuLink to="/settings">Settings</MobileMenuLink>
      <button type="button" onClick={() => void signOut()} className={mobileItemClasses}>
        Sign out
      </button>
    </>
  );
}
