import { DEBUG_MESSAGES } from "@shared/debugPages";
import { DeleteAccountSection } from "@/features/account/DeleteAccountSection";
import { DebugPage } from "@/features/debug/kit/DebugPage";
import { DebugSection } from "@/features/debug/kit/DebugSection";

/**
 * /test-delete-profile: the real account deletion flow — a first confirmation,
 * then the word DELETE typed. It really deletes the signed-in account.
 */
export function DeleteProfileTestPage() {
  return (
    <DebugPage
      title="Delete Profile Feature Test"
      description="Two steps: confirm, then type DELETE. This is the real flow — use a test account."
      signInMessage={DEBUG_MESSAGES.pleaseLogInFirst}
    >
      <div className="flex flex-col gap-6">
        <DebugSection title="What to check">
          <ol className="list-decimal pl-5 text-sm text-cream-200">
            <li>Delete Account opens the first step; Cancel closes it.</li>
            <li>The second step stays disabled until DELETE is typed.</li>
            <li>After deletion you are signed out and your profile is gone.</li>
          </ol>
        </DebugSection>
        <DeleteAccountSection />
      </div>
    </DebugPage>
  );
}
