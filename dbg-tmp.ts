import { launchChromium } from "./tests/support/chromium.ts";
const browser = await launchChromium();
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
page.on("console", (m) => console.log(`console ${m.type()}: ${m.text().slice(0, 300)}`));
page.on("pageerror", (e) => console.log(`pageerror: ${e.message}`));
await page.goto("http://127.0.0.1:3200/it/stocks?location=Milano");
for (const t of [1000, 3000, 9000]) {
  await page.waitForTimeout(t);
  console.log(t, await page.evaluate(() => {
    const map = document.querySelector("[data-testid=search-map]") as HTMLElement;
    return { attrs: [...map.attributes].map((a) => `${a.name}=${a.value}`).join(" "), size: `${map.clientWidth}x${map.clientHeight}`, clusters: document.querySelectorAll("[data-testid=map-cluster]").length, markers: document.querySelectorAll("[data-testid=map-marker]").length, children: map.innerHTML.slice(0, 300) };
  }));
}
await browser.close();
