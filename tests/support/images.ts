// Image fixtures made on the fly with sharp or by hand: no binary files in the repository.
import zlib from "node:zlib";
import sharp from "sharp";

/** Random-looking content in 20 px blocks: compresses and decodes like a photo, made in under a second. */
export async function photo(width: number, height: number) {
  const noise = await sharp({
    create: { width: width / 20, height: height / 20, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 50 } },
  })
    .png()
    .toBuffer();
  return sharp(noise).resize(width, height, { kernel: "nearest" });
}

/** A PNG written by hand: any IHDR we like, with an IDAT that really holds width × height pixels. */
export function handMadePng(width: number, height: number, bitDepth: number, colourType: number, idat?: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colourType;
  const channels = colourType === 2 ? 3 : 1;
  // Each row: a filter byte, then the pixels. All zero: a deflate stream ~1/200 of the raw size.
  const rows = idat ?? zlib.deflateSync(Buffer.alloc((1 + Math.ceil((width * channels * bitDepth) / 8)) * height), { level: 1 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A 24 Mpx phone photo, stored sideways with EXIF orientation 6 (rotate 90° clockwise to view),
 * with the phone's GPS position (Milan) and a Display P3 profile; a red square marks the stored
 * image's top-left corner.
 */
export async function phoneJpeg(opts: { xmp?: string } = {}): Promise<Buffer> {
  let image = (await photo(6000, 4000))
    .composite([{ input: { create: { width: 600, height: 600, channels: 3, background: "#ff0000" } }, left: 0, top: 0 }])
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "Phone", Model: "Camera" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 27/1 36/1", GPSLongitudeRef: "E", GPSLongitude: "9/1 11/1 24/1" },
    });
  if (opts.xmp) image = image.withXmp(opts.xmp);
  return image.withIccProfile("p3").toBuffer();
}
