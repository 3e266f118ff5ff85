// The server's "today in Italy": the marketplace's calendar (todayInItaly, app/lib/format.ts),
// kept for the rest of its UTC second. A search asks it several times and formatting a date costs
// more than the rest of a small search's arithmetic; midnight in Rome, and every change of its
// offset, falls on a whole second, so one second never spans two days. The pages' scripts call
// todayInItaly itself: this cache would only add to what they load.
import { todayInItaly } from "../lib/format.ts";

let lastSecond = Number.NaN;
let lastDay = "";

/** The date in Italy as 'YYYY-MM-DD' at an instant (now by default). */
export function italianDay(now: Date | number = Date.now()): string {
  const ms = typeof now === "number" ? now : now.getTime();
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond) {
    lastDay = todayInItaly(new Date(ms));
    lastSecond = second;
  }
  return lastDay;
}
