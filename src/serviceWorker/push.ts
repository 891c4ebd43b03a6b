import { openNotificationPage, showPush } from "@/lib/pushServiceWorker";

/** Web push in a worker: each push shows as a notification, a click opens its page. */
export function listenForPush(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener("push", (event) => event.waitUntil(showPush(worker, event.data)));
  worker.addEventListener("notificationclick", (event) => {
    event.notification.close();
    event.waitUntil(openNotificationPage(worker, event.notification));
  });
}
