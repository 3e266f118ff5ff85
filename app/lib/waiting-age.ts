// How long the oldest of a queue has waited, as the dashboard says it ("da 3 giorni"): whole
// days from a day on, whole hours below, "less than an hour" below that.
import { m } from "../paraglide/messages.js";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

export function waitingAgeText(oldest: Date | string, now: Date | string): string {
  const waited = new Date(now).getTime() - new Date(oldest).getTime();
  if (waited >= DAY) {
    const days = Math.floor(waited / DAY);
    return days === 1 ? m.admdash_queue_age_one_day() : m.admdash_queue_age_days({ count: String(days) });
  }
  if (waited >= HOUR) {
    const hours = Math.floor(waited / HOUR);
    return hours === 1 ? m.admdash_queue_age_one_hour() : m.admdash_queue_age_hours({ count: String(hours) });
  }
  return m.admdash_queue_age_recent();
}
