// The photo benchmark: `npm run bench:upload [-- --n 12]`.
//
// What one upload costs the server: processImage (app/server/images/image-processing.ts) on a
// 6000×4000 phone JPEG (EXIF orientation, GPS, P3 profile) and on a 30,000×30,000 PNG bomb,
// one at a time and N at once (the module lets two run together and queues the rest), with
// the time per image and the process's peak resident memory. Exits non-zero when a photo takes
// more than 5 s alone or the bomb is not refused within 100 ms.
import { parseArgs } from "node:util";
import { processImage } from "../app/server/images/image-processing.ts";
import { handMadePng, phoneJpeg } from "../tests/support/images.ts";

const { values } = parseArgs({ options: { n: { type: "string", default: "12" } } });
const n = Math.max(1, Number(values.n));

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

const photo = await phoneJpeg();
const bomb = handMadePng(30_000, 30_000, 1, 0);
const baseline = process.memoryUsage().rss;
console.log(
  `phone JPEG: ${(photo.length / 1024 / 1024).toFixed(1)} MB, 6000×4000; bomb: ${Math.round(bomb.length / 1024)} KB declaring 900 Mpx; rss before: ${mb(baseline)}`,
);

const alone: number[] = [];
for (let i = 0; i < n; i++) {
  const started = performance.now();
  await processImage(photo);
  alone.push(performance.now() - started);
}
alone.sort((a, b) => a - b);
console.log(`one at a time: ${n} photos, p50 ${percentile(alone, 50).toFixed(0)} ms, max ${alone.at(-1)!.toFixed(0)} ms, peak rss ${mb(peak)}`);

peak = process.memoryUsage().rss;
const started = performance.now();
const together = await Promise.all(
  Array.from({ length: n }, async () => {
    const t = performance.now();
    await processImage(photo);
    return performance.now() - t;
  }),
);
const wall = performance.now() - started;
together.sort((a, b) => a - b);
console.log(
  `${n} at once: ${(wall / 1000).toFixed(1)} s in all, ${((n / wall) * 1000).toFixed(2)} photos/s, slowest answer ${together.at(-1)!.toFixed(0)} ms, peak rss ${mb(peak)}`,
);

const bombStarted = performance.now();
const refused = await processImage(bomb).then(
  () => "accepted",
  (err: { errors?: Record<string, string> }) => err.errors?.file ?? String(err),
);
const bombMs = performance.now() - bombStarted;
console.log(`bomb: ${refused} in ${bombMs.toFixed(1)} ms`);
clearInterval(sampler);

if (alone.at(-1)! > 5_000 || refused !== "image_too_many_pixels" || bombMs > 100) {
  console.error("bench:upload: over target");
  process.exit(1);
}
