import { useMutation } from "convex/react";
import type { FunctionReturnType } from "convex/server";
import { api } from "@convex/_generated/api";

export type TestToken = NonNullable<FunctionReturnType<typeof api.debug.testTokens>>[number];

/**
 * Processes an invitation link the way its invitee would: the caller's own
 * through the real invitationTokens.process, a test guest's through
 * debug.answerForTestGuest (the same token path, as that guest).
 */
export function useProcessToken(known: readonly TestToken[]) {
  const processAsMe = useMutation(api.invitationTokens.process);
  const answerForGuest = useMutation(api.debug.answerForTestGuest);
  return async function processToken(token: string) {
    const trimmed = token.trim();
    const guestToken = known.some((row) => row.token === trimmed && row.forGuest);
    const result = guestToken
      ? await answerForGuest({ token: trimmed })
      : await processAsMe({ token: trimmed });
    return { asGuest: guestToken, result };
  };
}
