// The back office's browser tests start the same way: one page of their own, logged in as the demo
// administrator, in Italian on a desktop width, closed when the file ends. useAdminPage registers
// that setup in the calling file's hooks and returns its holder, filled before the first test.
import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { loginAs, newPage } from "../e2e/support.ts";

export function useAdminPage(b: { browser: Browser }, opts: { locale?: string; width?: number } = {}): { context: BrowserContext; page: Page } {
  const holder = {} as { context: BrowserContext; page: Page };
  beforeAll(async () => {
    Object.assign(holder, await newPage(b.browser, { locale: opts.locale ?? "it", width: opts.width ?? 1280 }));
    await loginAs(holder.context, "admin");
  });
  afterAll(async () => {
    await holder.context?.close();
  });
  return holder;
}
