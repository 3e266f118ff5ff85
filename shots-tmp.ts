import { launchChromium } from "./tests/support/chromium.ts";
const base = "http://127.0.0.1:3200";
const browser = await launchChromium();
for (const width of [1280, 375]) {
  for (const locale of ["it", "en"]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: locale === "it" ? "it-IT" : "en-GB" });
    const page = await ctx.newPage();
    page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") console.log(`[${locale} ${width}] console ${m.type()}: ${m.text().slice(0, 200)}`); });
    page.on("pageerror", (e) => console.log(`[${locale} ${width}] pageerror: ${e.message}`));
    await page.goto(`${base}/${locale}/stocks`);
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/srch/shot-${locale}-${width}-before.png`, fullPage: width === 375 });
    await page.locator("[data-testid=search-location]").fill("Milano");
    await page.click("[data-testid=search-submit]");
    await page.locator("[data-testid=search-results]").waitFor();
    await page.waitForTimeout(9500);
    await page.screenshot({ path: `/tmp/srch/shot-${locale}-${width}-after.png`, fullPage: false });
    await ctx.close();
  }
}
await browser.close();
