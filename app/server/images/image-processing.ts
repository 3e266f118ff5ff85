// Uploaded photos, made safe and web-ready. The bytes a browser sent are never stored or served:
// they are checked (magic bytes, then sharp's own reading of the header), fully decoded and
// re-encoded, so what reaches the uploads is always an image we wrote, without the sender's
// metadata (EXIF with GPS, XMP, IPTC) and upright.
//
// WebP only: every browser we support shows it (Safari since 14 and macOS Big Sur, 2020; the
// others long before), it is a third smaller than JPEG at the same look and keeps PNG's
// transparency, and one format means one key per variant and no <picture> fallbacks.
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { ValidationError } from "../errors.ts";
import type { AppMetrics } from "../metrics/metrics.ts";

/** Larger uploads are refused before any decoding (a phone's 12–50 Mpx JPEG is 3–15 MB). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
/** 50 Mpx: a 6000×4000 (24 Mpx) photo passes; a "decompression bomb" of 30000×30000 does not. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export type Encoded = { data: Buffer; width: number; height: number; contentType: "image/webp"; extension: "webp" };
export type ProcessedImage = { large: Encoded; thumb: Encoded };

/** The gallery's image: fits inside 1600×1600, never enlarged. */
const LARGE = { width: 1600, height: 1600, quality: 80 } as const;
/** The cards' image: 480×320 (3:2, like the demo thumbnails), cropped to fill. */
const THUMB = { width: 480, height: 320, quality: 72 } as const;

// One libvips worker thread per image, on every platform. sharp already defaults to 1 on
// glibc Linux (more threads fragment glibc's heap there); on musl (Alpine images) or macOS the
// default is the core count. With at most two images at a time (below), uploads then keep at
// most two cores busy, whatever the machine, and the event loop and PostgreSQL keep theirs. One
// thread decodes, resizes and encodes a 6000×4000 JPEG into both variants in about a second.
// It is process-wide: the demo images of the seed use it too, which costs them nothing.
sharp.concurrency(1);

// At most two images are processed at once in this process: each can hold tens of MB of
// decoded pixels, and sharp's work runs on libuv's thread pool (4 threads by default), which
// file reads, DNS and password hashing need too. Others wait their turn, in order.
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];

/** How many images are being processed and how many wait for a slot (for tests and diagnostics). */
export function processingSlots(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const JPEG_MAGIC = [0xff, 0xd8, 0xff];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** JPEG or PNG by the file's first bytes: names and Content-Types are the sender's word. */
function sniff(bytes: Uint8Array): "jpeg" | "png" | null {
  if (startsWith(bytes, JPEG_MAGIC)) return "jpeg";
  if (startsWith(bytes, PNG_MAGIC)) return "png";
  return null;
}

const refuse = (code: "image_type" | "image_too_large" | "image_too_many_pixels" | "image_invalid") => new ValidationError({ file: code });

// failOn "error": refuse what libjpeg/libpng cannot decode, truncated files included (a cut
// JPEG otherwise comes out with a grey bottom half). Not "warning", sharp's default: cameras
// and editors write JPEGs with harmless warnings (extraneous bytes before a marker), and
// refusing a photo the owner cannot fix is worse than storing one that looks odd, which they
// see and replace. Either way the output is our own re-encoding.
// limitInputPixels: a second guard behind the metadata check, from the same header, before
// any pixel is decoded.
const INPUT_OPTIONS = { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS } as const;

/**
 * Checks one uploaded file and re-encodes it as WebP: `large` (inside 1600×1600) and `thumb`
 * (480×320). Throws ValidationError({ file }) with image_type (not a JPEG or PNG),
 * image_too_large (over MAX_UPLOAD_BYTES), image_too_many_pixels (over MAX_IMAGE_PIXELS, seen
 * in the header, nothing decoded) or image_invalid (cannot be decoded completely, or under
 * 2 px on a side).
 */
export async function processImage(bytes: Uint8Array, opts: { metrics?: Pick<AppMetrics, "imageProcessing"> } = {}): Promise<ProcessedImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw refuse("image_too_large");
  const sniffed = sniff(bytes);
  if (!sniffed) throw refuse("image_type");

  // Timed from the slot on: sharp's work, not the wait for a turn.
  return withSlot(() => timed(opts.metrics, () => decodeAndEncode(bytes, sniffed)));
}

async function timed<T>(metrics: Pick<AppMetrics, "imageProcessing"> | undefined, work: () => Promise<T>): Promise<T> {
  const stop = metrics?.imageProcessing.startTimer();
  try {
    const result = await work();
    stop?.({ outcome: "processed" });
    return result;
  } catch (err) {
    stop?.({ outcome: "refused" });
    throw err;
  }
}

async function decodeAndEncode(bytes: Uint8Array, sniffed: "jpeg" | "png"): Promise<ProcessedImage> {
  // The header only. No pixel limit here: sharp's default (268 Mpx) would make a larger
  // bomb fail with an error we would have to recognise by its text; we compare ourselves.
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { failOn: "error", limitInputPixels: false }).metadata();
  } catch {
    throw refuse("image_invalid");
  }
  if (metadata.format !== sniffed) throw refuse("image_type");
  const { width, height } = metadata;
  if (width * height > MAX_IMAGE_PIXELS) throw refuse("image_too_many_pixels");
  if (width < 2 || height < 2) throw refuse("image_invalid");

  // Two pipelines from the same input rather than the thumbnail from the large image: each
  // lets libjpeg decode at 1/2, 1/4 or 1/8 scale (shrink-on-load), and the thumbnail is not
  // a re-encoding of a re-encoding. One after the other: the slot holds one decode at a time.
  // rotate() applies the EXIF orientation. No withMetadata/keep*: sharp writes no EXIF, XMP,
  // IPTC or ICC then, and converts the pixels to sRGB.
  const input = sharp(bytes, INPUT_OPTIONS);
  try {
    const large = await input
      .clone()
      .rotate()
      .resize({ width: LARGE.width, height: LARGE.height, fit: "inside", withoutEnlargement: true })
      .webp({ quality: LARGE.quality })
      .toBuffer({ resolveWithObject: true });
    // Always 480×320, small images enlarged: every card has the same shape and weight.
    const thumb = await input
      .clone()
      .rotate()
      .resize({ width: THUMB.width, height: THUMB.height, fit: "cover" })
      .webp({ quality: THUMB.quality })
      .toBuffer({ resolveWithObject: true });
    return { large: encoded(large), thumb: encoded(thumb) };
  } catch {
    throw refuse("image_invalid");
  }
}

function encoded({ data, info }: { data: Buffer; info: OutputInfo }): Encoded {
  return { data, width: info.width, height: info.height, contentType: "image/webp", extension: "webp" };
}
