// Photos with several app instances: two instances (each its own configuration, data folder and
// connection pool) on one database, with the same S3 settings on a real S3-compatible server
// (tests/support/s3-server.ts). A photo uploaded through A's upload endpoint is on B's public
// sheet and its URLs answer; removed through B, its objects are gone from the bucket. A bucket
// that refuses answers the user a clear 503 in their language, and stores nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { pino } from "pino";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson, checkDescribedAnswer, testContext } from "../../../tests/support/endpoint.ts";
import { actorOf, makeRedeemedWarehouse } from "../../../tests/support/factories.ts";
import { startS3Server, type S3TestServer } from "../../../tests/support/s3-server.ts";
import { loadConfig } from "../config.ts";
import { createDb } from "../db/database.ts";
import type { Actor, AppServices } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import { action as stockerUpload } from "../../routes/api/stocker/warehouses.upload.ts";
import { action as stockerUpdate } from "../../routes/api/stocker/warehouses.update.ts";
import { loader as sheetLoader } from "../../routes/warehouse-sheet.tsx";
import type { Warehouse } from "../db/types.ts";

const t = useTestDatabase();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-instances-"));
let s3: S3TestServer;
let png: Uint8Array<ArrayBuffer>;
/** What each instance logged, one parsed JSON record a line. */
const logged: Record<string, { level: number; msg: string }[]> = {};
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  png = new Uint8Array(
    await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer(),
  );
});
afterAll(async () => {
  for (const close of closers) await close();
  await s3?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** One app instance: its own settings (env over the test defaults), data folder, pool and log. */
function instance(name: string, env: Record<string, string>): AppServices {
  const dataDir = path.join(work, name);
  const config = loadConfig({ NODE_ENV: "test", ORIGIN: "http://stockspace.test", DATA_DIR: dataDir, ...env });
  const { db } = createDb(t.url, 3);
  closers.push(() => db.destroy());
  const lines = (logged[name] = [] as { level: number; msg: string }[]);
  const log = pino(
    { level: "info" },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as { level: number; msg: string });
        done();
      },
    }),
  );
  return { db, config, log, secret: "test-secret-test-secret" };
}

async function upload(services: AppServices, actor: Actor, warehouseId: number, locale: Locale = "en") {
  const form = new FormData();
  form.append("type", "thumb");
  form.append("file", new Blob([png], { type: "image/png" }), "photo.png");
  const response = await stockerUpload({
    request: new Request(`http://stockspace.test/api/stocker/warehouses/${warehouseId}/upload`, { method: "POST", body: form }),
    params: { id: String(warehouseId) },
    context: testContext(services.db, { actor, locale, services }),
  });
  const text = await response.text();
  checkDescribedAnswer(stockerUpload, response, text);
  return { status: response.status, json: JSON.parse(text) as any };
}

async function publicSheet(services: AppServices, warehouseId: number) {
  const page = await sheetLoader({
    params: { id: String(warehouseId), locale: "en" },
    context: testContext(services.db, { actor: null, locale: "en", services }),
    request: new Request(`http://stockspace.test/en/warehouses/${warehouseId}`),
  } as never);
  return page.sheet;
}

/** Every file under an instance's data folder: with S3 set, no photo lands on an instance's disk. */
function filesOnDisk(services: AppServices): string[] {
  const dir = services.config.uploadsDir;
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

function updateBody(w: Warehouse, imgsToDelete: number[]) {
  return {
    warehouse_data: {
      name: w.name,
      country: w.country,
      address: w.address,
      cap: w.cap,
      city: w.city,
      province: w.province,
      vat: "IT1",
      m2: 100,
      lat: w.lat,
      lng: w.lng,
    },
    imgs_to_delete: imgsToDelete,
  };
}

describe("photos on S3 with two instances on one database", () => {
  let a: AppServices, b: AppServices;
  beforeAll(() => {
    a = instance("a", s3.env);
    b = instance("b", s3.env);
  });

  it("a photo uploaded through A is on B's sheet, and both its URLs answer from the bucket", async () => {
    const { owner, warehouse } = await makeRedeemedWarehouse(t.db);
    const res = await upload(a, actorOf(owner), warehouse.id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.src).toMatch(new RegExp(`^${s3.publicUrl}/warehouses/${warehouse.id}/[0-9a-f]{32}-large\\.webp$`));

    const sheet = await publicSheet(b, warehouse.id);
    expect(sheet.imgs).toEqual([expect.objectContaining({ id: res.json.image_id, src: res.json.src, thumb_src: res.json.thumb_src })]);
    for (const [url, width] of [
      [sheet.imgs[0]!.src, 900],
      [sheet.imgs[0]!.thumb_src!, 480],
    ] as const) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/webp");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect({ format: meta.format, width: meta.width }).toEqual({ format: "webp", width });
    }
    const row = await t.db.selectFrom("images").selectAll().where("id", "=", res.json.image_id).executeTakeFirstOrThrow();
    expect(row.storage).toBe("s3");
    expect(await s3.listKeys(`warehouses/${warehouse.id}/`)).toEqual([row.file, row.thumb_file].sort());
    expect([...filesOnDisk(a), ...filesOnDisk(b)]).toEqual([]);
  });

  it("a photo removed through B (uploaded through A) leaves no object in the bucket", async () => {
    const { owner, warehouse } = await makeRedeemedWarehouse(t.db);
    const kept = await upload(a, actorOf(owner), warehouse.id);
    const removed = await upload(a, actorOf(owner), warehouse.id);
    expect([kept.status, removed.status]).toEqual([200, 200]);
    expect(await s3.listKeys(`warehouses/${warehouse.id}/`)).toHaveLength(4);

    const res = await callJson(stockerUpdate, b.db, {
      actor: actorOf(owner),
      params: { id: String(warehouse.id) },
      body: updateBody(warehouse, [removed.json.image_id]),
      services: b,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const rows = await t.db.selectFrom("images").select(["id", "file", "thumb_file"]).where("warehouse_id", "=", warehouse.id).execute();
    expect(rows.map((r) => r.id)).toEqual([kept.json.image_id]);
    expect(await s3.listKeys(`warehouses/${warehouse.id}/`)).toEqual([rows[0]!.file, rows[0]!.thumb_file].sort());
    expect((await fetch(removed.json.src)).status).toBe(404);
    expect((await fetch(removed.json.thumb_src)).status).toBe(404);
    expect((await publicSheet(b, warehouse.id)).imgs.map((i) => i.src)).toEqual([kept.json.src]);
  });
});

describe("a bucket that refuses", () => {
  it.each([
    ["an unknown access key", { S3_ACCESS_KEY_ID: "NOT-A-KEY" }, "403 InvalidAccessKeyId"],
    ["a missing bucket", { S3_BUCKET: "no-such-bucket" }, "404 NoSuchBucket"],
  ])("%s: the upload answers 503 with a sentence in the user's language, logs why and keeps nothing", async (_, env, reason) => {
    const name = `refusing-${reason.split(" ")[1]}`;
    const services = instance(name, { ...s3.env, ...env });
    const { owner, warehouse } = await makeRedeemedWarehouse(t.db);

    const en = await upload(services, actorOf(owner), warehouse.id, "en");
    expect(en.status).toBe(503);
    expect(en.json).toEqual({
      error: "image_storage_unavailable",
      message:
        "The photo could not be saved: the photo storage is not answering right now. Please try again in a few minutes; if it keeps happening, let us know.",
    });
    const italian = await upload(services, actorOf(owner), warehouse.id, "it");
    expect(italian.status).toBe(503);
    expect(italian.json.message).toMatch(/^Non è stato possibile salvare la foto/);

    // The operator's log says what the storage answered; the user's answer does not.
    const errors = logged[name]!.filter((l) => l.level >= 50).map((l) => l.msg);
    expect(errors).toEqual(
      expect.arrayContaining([expect.stringMatching(new RegExp(`^could not store an uploaded photo: S3 PUT warehouses/${warehouse.id}/\\S+: ${reason}$`))]),
    );
    expect(JSON.stringify(en.json)).not.toContain(reason);
    expect(await t.db.selectFrom("images").select("id").where("warehouse_id", "=", warehouse.id).execute()).toEqual([]);
    expect(await s3.listKeys(`warehouses/${warehouse.id}/`)).toEqual([]);
  });
});
