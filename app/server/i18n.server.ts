// Per-request locale on the server: an AsyncLocalStorage that the root middleware fills,
// so m.*() called while rendering or in a loader speaks the request's language even with
// many requests in flight.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "../lib/locale.ts";
import { setServerLocaleReader } from "../lib/i18n.ts";

const storage = new AsyncLocalStorage<Locale>();
setServerLocaleReader(() => storage.getStore());

export function runWithLocale<T>(locale: Locale, fn: () => T): T {
  return storage.run(locale, fn);
}
