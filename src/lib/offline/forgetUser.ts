import { forgetDeviceUser } from "./deviceUser";
import { wipeDeviceCopy } from "./useCachedQuery";

/**
 * Sign-out and account deletion: nothing of the user stays on this device (who they were, and
 * every result kept for them). Resolves once IndexedDB is empty.
 */
export async function forgetUserOnDevice(): Promise<void> {
  forgetDeviceUser();
  await wipeDeviceCopy();
}
