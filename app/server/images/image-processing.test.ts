// Every fixture is made here, with sharp or by hand: no binary files in the repository.
import zlib from "node:zlib";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ValidationError } from "../errors.ts";
import { MAX_IMAGE_PIXELS, MAX_UPLOAD_BYTES, processImage, processingSlots, type Encoded } from "./image-processing.ts";
import { createMetrics } from "../metrics/metrics.ts";
import { handMadePng, phoneJpeg as makePhoneJpeg, photo } from "../../../tests/support/images.ts";

/** The field code processImage refused the bytes with (fails the test if they were accepted). */
async function refusal(bytes: Uint8Array): Promise<string | undefined> {
  try {
    await processImage(bytes);
  } catch (error) {
    if (error instanceof ValidationError) return error.errors.file;
    throw error;
  }
  throw new Error("accepted");
}

/** Whether a TIFF/EXIF block's IFD0 points at a GPS IFD (tag 0x8825). */
function hasGpsIfd(exif: Buffer): boolean {
  const tiff = exif.subarray(exif.indexOf("Exif\0\0") + 6);
  const little = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

async function pixel(image: Encoded, x: number, y: number): Promise<[number, number, number]> {
  const { data } = await sharp(image.data).extract({ left: x, top: y, width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

async function expectNoMetadata(image: Encoded) {
  const meta = await sharp(image.data).metadata();
  expect(meta.format).toBe("webp");
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(meta.orientation).toBeUndefined();
}

const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Mario Rossi</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;

describe("processImage: photos", () => {
  // A 24 Mpx phone photo, stored sideways with EXIF orientation 6 (rotate 90° clockwise to
  // view), with the phone's GPS position, an XMP author and a Display P3 profile. The red
  // square is the stored image's top-left corner: upright, it is the top-right one.
  let phoneJpeg: Buffer;
  beforeAll(async () => {
    phoneJpeg = await makePhoneJpeg({ xmp: XMP });
    const meta = await sharp(phoneJpeg).metadata();
    // The fixture is what it claims to be.
    expect([meta.width, meta.height, meta.orientation]).toEqual([6000, 4000, 6]);
    expect(hasGpsIfd(meta.exif!)).toBe(true);
    expect(meta.xmp).toBeDefined();
    expect(meta.icc).toBeDefined();
  });

  it("re-encodes a 6000×4000 phone JPEG: upright, inside 1600 px, 480×320 thumbnail, no metadata, in seconds", async () => {
    const started = performance.now();
    const { large, thumb } = await processImage(phoneJpeg);
    // About a second on one thread; generous for a loaded CI machine.
    expect(performance.now() - started).toBeLessThan(10_000);

    expect(large).toMatchObject({ width: 1067, height: 1600, contentType: "image/webp", extension: "webp" });
    expect(thumb).toMatchObject({ width: 480, height: 320, contentType: "image/webp", extension: "webp" });
    const meta = await sharp(large.data).metadata();
    expect([meta.width, meta.height]).toEqual([1067, 1600]);
    await expectNoMetadata(large);
    await expectNoMetadata(thumb);
    expect(large.data.toString("latin1")).not.toContain("Mario Rossi");

    // Orientation applied: the stored top-left (red) is now the top-right corner.
    const [r, g, b] = await pixel(large, 1067 - 20, 20);
    expect(r).toBeGreaterThan(200);
    expect(g + b).toBeLessThan(80);
    const [r2, g2] = await pixel(large, 20, 20);
    expect(r2 > 200 && g2 < 40).toBe(false);
  });

  it("accepts a PNG with transparency, never enlarging it", async () => {
    const png = await photo(800, 600).then((p) => p.ensureAlpha(0.5).png().toBuffer());
    const { large, thumb } = await processImage(png);
    expect([large.width, large.height]).toEqual([800, 600]);
    expect([thumb.width, thumb.height]).toEqual([480, 320]);
    expect((await sharp(large.data).metadata()).hasAlpha).toBe(true);
    await expectNoMetadata(large);
  });

  it("takes a Uint8Array as well as a Buffer", async () => {
    const jpeg = await photo(400, 300).then((p) => p.jpeg().toBuffer());
    const { large } = await processImage(new Uint8Array(jpeg));
    expect([large.width, large.height]).toEqual([400, 300]);
  });

  it("times sharp's work in the app's metrics, by outcome; refusals before any decoding are not timed", async () => {
    const metrics = createMetrics();
    const jpeg = await photo(400, 300).then((p) => p.jpeg().toBuffer());
    await processImage(jpeg, { metrics });
    await expect(processImage(jpeg.subarray(0, 2000), { metrics })).rejects.toBeInstanceOf(ValidationError);
    await expect(processImage(Buffer.from("not an image at all"), { metrics })).rejects.toBeInstanceOf(ValidationError);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^stockspace_image_processing_seconds_count\{outcome="processed"\} 1$/m);
    expect(text).toMatch(/^stockspace_image_processing_seconds_count\{outcome="refused"\} 1$/m);
    const seconds = Number(/^stockspace_image_processing_seconds_sum\{outcome="processed"\} (\S+)$/m.exec(text)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(10);
  });

  it("processes five uploads at once, never more than two at a time, the others waiting their turn", async () => {
    const jpegs = await Promise.all(Array.from({ length: 5 }, () => photo(2000, 1500).then((p) => p.jpeg().toBuffer())));
    let most = 0;
    let mostWaiting = 0;
    // sharp's own counters also see the pipelines' internal steps finishing; the module's slots are the contract.
    const sample = setInterval(() => {
      const { running, waiting } = processingSlots();
      most = Math.max(most, running);
      mostWaiting = Math.max(mostWaiting, waiting);
    }, 1);
    try {
      const results = await Promise.all(jpegs.map((jpeg) => processImage(jpeg)));
      expect(results.map((r) => [r.large.width, r.large.height])).toEqual(Array(5).fill([1600, 1200]));
    } finally {
      clearInterval(sample);
    }
    expect(most).toBe(2);
    expect(mostWaiting).toBeGreaterThan(0);
    expect(processingSlots()).toEqual({ running: 0, waiting: 0 });
  });
});

describe("processImage: refusals", () => {
  it("refuses anything that is not a JPEG or PNG by its bytes, whatever it is called", async () => {
    const files: Record<string, Uint8Array> = {
      "x.jpg (PHP)": Buffer.from("<?php system($_GET['c']); ?>"),
      "x.svg with a script": Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`,
      ),
      "x.gif": await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
        .gif()
        .toBuffer(),
      "x.webp": await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
        .webp()
        .toBuffer(),
      "x.html": Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
      "x.pdf": Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"),
      empty: new Uint8Array(0),
      "two bytes of a JPEG": Buffer.from([0xff, 0xd8]),
    };
    for (const [name, bytes] of Object.entries(files)) {
      expect(await refusal(bytes), name).toBe("image_type");
    }
  });

  it("refuses more than MAX_UPLOAD_BYTES before decoding anything", async () => {
    // 21 MB of zeros behind a JPEG header: sharp would call it invalid; the size decides first.
    const bytes = Buffer.alloc(21 * 1024 * 1024);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(bytes.length).toBeGreaterThan(MAX_UPLOAD_BYTES);
    const started = performance.now();
    expect(await refusal(bytes)).toBe("image_too_large");
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("refuses a decompression bomb from its header, quickly and without the memory", async () => {
    // 30000×30000 1-bit PNG: a ~0.5 MB file that would decode to 900 Mpx (2.7 GB as RGB).
    const bomb = handMadePng(30_000, 30_000, 1, 0);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // 8000×8000 (64 Mpx): over our limit though under sharp's own default (268 Mpx).
    const smaller = handMadePng(8000, 8000, 1, 0);
    expect(8000 * 8000).toBeGreaterThan(MAX_IMAGE_PIXELS);

    const rss = process.memoryUsage().rss;
    const started = performance.now();
    expect(await refusal(bomb)).toBe("image_too_many_pixels");
    const elapsed = performance.now() - started;
    expect(await refusal(smaller)).toBe("image_too_many_pixels");
    expect(elapsed).toBeLessThan(500);
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
  });

  it("refuses a JPEG cut in its scan data (no grey bottom half)", async () => {
    const jpeg = await photo(1200, 800).then((p) => p.jpeg({ quality: 90 }).toBuffer());
    expect(await refusal(jpeg.subarray(0, Math.floor(jpeg.length * 0.6)))).toBe("image_invalid");
  });

  it("refuses corrupt and truncated PNGs, and headers with nothing behind them", async () => {
    const png = await photo(600, 400).then((p) => p.png().toBuffer());
    const corrupt = Buffer.from(png);
    for (let i = 1000; i < 1100; i++) corrupt[i]! ^= 0x55;
    expect(await refusal(corrupt)).toBe("image_invalid");
    expect(await refusal(png.subarray(0, Math.floor(png.length * 0.6)))).toBe("image_invalid");
    expect(await refusal(Buffer.concat([png.subarray(0, 8), Buffer.from("<?php system($_GET['c']); ?>")]))).toBe("image_invalid");
    expect(await refusal(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]))).toBe("image_invalid");
    // A valid deflate stream, but far fewer pixels than the header promises.
    expect(await refusal(handMadePng(100, 100, 8, 2, zlib.deflateSync(Buffer.alloc(50))))).toBe("image_invalid");
  });

  it("refuses images under 2 px on a side", async () => {
    const line = await sharp({ create: { width: 1, height: 300, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(await refusal(line)).toBe("image_invalid");
    const { large } = await processImage(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } })
        .jpeg()
        .toBuffer(),
    );
    expect([large.width, large.height]).toEqual([2, 2]);
  });
});
