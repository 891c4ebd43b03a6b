import { forgetDeviceUser } from "./deviceUser";
import { wipeDeviceCopy } from "./deviceCopyLoader";

/**
 * Everything kept on this device for whoever used it: the results it saw and the actions it
 * queued (unsent actions are dropped: they are never sent under someone else's name, nor after
 * their author chose to leave). Resolves once IndexedDB is empty (or could not be reached).
 */
export async function wipeDeviceData(): Promise<void> {
  await Promise.all([
    wipeDeviceCopy(),
    import("./outbox/outbox").then(({ wipeOutbox }) => wipeOutbox()).catch(() => undefined),
  ]);
}

/** Sign-out and account deletion: nothing of the user stays on this device. */
export async function forgetUserOnDevice(): Promise<void> {
  forgetDeviceUser();
  await wipeDeviceData();
}
