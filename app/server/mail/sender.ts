// Who the app's mail comes from (MAIL_FROM), for what is fixed when a message is queued: the
// mailto of its List-Unsubscribe header names the sender's address. queueMail is called from
// every service with only the site's origin, so the sender is read here, once per process: the
// started app sets it from the configuration it runs with (server/start.ts); any other process
// that queues mail (the CLI, scripts, tests) reads the same MAIL_FROM from its environment.
import { loadConfig } from "../config.ts";

let sender: string | undefined;

/** The app's sender, as its configuration says (server/start.ts). */
export function setMailSender(from: string): void {
  sender = from;
}

/** The From of outgoing mail: as set at start, else MAIL_FROM of this process's environment (or its default). */
export function mailSender(): string {
  return (sender ??= loadConfig().mailFrom);
}
