// Photo uploads through the upload calls and the editing service, on real files in a
// temporary uploads folder: a good photo is stored twice (large, thumbnail) and recorded; a
// refused one leaves no row and no file; removing a photo on save removes its files; the cap.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { pino } from "pino";
import { RouterContextProvider } from "react-router";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { checkDescribedAnswer } from "../../../tests/support/endpoint.ts";
import { actorOf, makeUser, makeWarehouse } from "../../../tests/support/factories.ts";
import { loadConfig } from "../config.ts";
import { actorContext, localeContext, requestInfoContext, servicesContext, type Actor, type AppServices } from "../context.ts";
import { imageStorageFor, type ImageStorage } from "../images/image-storage.ts";
import { gazetteerGeocoder } from "../geo/geocoder.gazetteer.ts";
import { action as stockerUpload } from "../../routes/api/stocker/warehouses.upload.ts";
import { action as adminUpload } from "../../routes/api/admin/warehouses.upload.ts";
import { action as referentUpload } from "../../routes/api/referent/warehouses.upload.ts";
import { uploadWarehouseImage } from "./warehouse-images.service.ts";
import { updateWarehouse } from "./warehouse-editing.service.ts";
import { MAX_IMAGES, warehouseUpdateSchema } from "../../schemas/warehouse.ts";
import type { User } from "../db/types.ts";

const t = useTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-uploads-"));
const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir });
const uploads = path.join(dataDir, "uploads");
let owner: User, other: User, admin: User;
let png: Uint8Array<ArrayBuffer>;

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  owner = await makeUser(t.db, { role: "stocker" });
  other = await makeUser(t.db, { role: "stocker" });
  admin = await makeUser(t.db, { role: "admin" });
  png = new Uint8Array(
    await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer(),
  );
});

function services(): AppServices {
  return { db: t.db, config, log: pino({ level: "silent" }), secret: "test-secret" };
}

async function upload(fn: typeof stockerUpload, actor: Actor, warehouseId: number, file: Blob | null, type = "thumb") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services());
  context.set(requestInfoContext, { id: "t", ip: "127.0.0.1", userAgent: "test", nonce: "n", secure: false });
  context.set(actorContext, actor);
  context.set(localeContext, "en");
  const form = new FormData();
  form.append("type", type);
  if (file) form.append("file", file, "photo.jpg");
  const response = await fn({
    request: new Request(`http://localhost/api/x/warehouses/${warehouseId}/upload`, { method: "POST", body: form }),
    params: { id: String(warehouseId) },
    context,
  });
  // A multipart call, so not through callJson: its answer is checked against the description here.
  const text = await response.text();
  checkDescribedAnswer(fn, response, text);
  return { status: response.status, json: JSON.parse(text) as any };
}

/** Every file under the uploads folder, relative. */
function storedFiles(): string[] {
  if (!fs.existsSync(uploads)) return [];
  return (fs.readdirSync(uploads, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(uploads, f)).isFile()).sort();
}

const imageRows = (warehouseId: number) => t.db.selectFrom("images").selectAll().where("warehouse_id", "=", warehouseId).orderBy("position").execute();

describe("uploading a photo", () => {
  it("stores a large view and a thumbnail under fresh names and records them, last in the order", async () => {
    const w = await makeWarehouse(t.db, { user_id: owner.id });
    const first = await upload(stockerUpload, actorOf(owner), w.id, new Blob([png], { type: "image/png" }));
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const second = await upload(stockerUpload, actorOf(owner), w.id, new Blob([png]));
    expect(second.status).toBe(200);
    const rows = await imageRows(w.id);
    expect(rows.map((r) => r.id)).toEqual([first.json.image_id, second.json.image_id]);
    expect(rows[0]).toMatchObject({ storage: "local", uploaded_by: owner.id, width: 900, height: 600, position: 0 });
    expect(rows[1]!.position).toBe(1);
    expect(rows[0]!.src).toBe(`/uploads/${rows[0]!.file}`);
    expect(rows[0]!.file).toMatch(new RegExp(`^warehouses/${w.id}/[0-9a-f]{32}-large\\.webp$`));
    const thumb = await sharp(path.join(uploads, rows[0]!.thumb_file!)).metadata();
    expect({ format: thumb.format, width: thumb.width, height: thumb.height }).toEqual({ format: "webp", width: 480, height: 320 });
    expect(storedFiles()).toEqual(expect.arrayContaining([rows[0]!.file, rows[0]!.thumb_file, rows[1]!.file, rows[1]!.thumb_file]));
  });

  it("takes a photo from the warehouse's referent too", async () => {
    const referent = await makeUser(t.db, { role: "referent" });
    const w = await makeWarehouse(t.db, { user_id: owner.id, referent_id: referent.id });
    const res = await upload(referentUpload, actorOf(referent), w.id, new Blob([png]));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [row] = await imageRows(w.id);
    expect(res.json).toEqual({ image_id: row!.id, src: row!.src, thumb_src: row!.thumb_src });
    expect(row).toMatchObject({ uploaded_by: referent.id });
  });

  it("refuses what is not a JPEG or PNG, a missing file and a wrong type field, leaving no row and no file", async () => {
    const w = await makeWarehouse(t.db, { user_id: owner.id });
    const before = storedFiles();
    const php = await upload(stockerUpload, actorOf(owner), w.id, new Blob(["<?php system($_GET['c']); ?>"], { type: "image/jpeg" }));
    expect(php.status).toBe(422);
    expect(php.json).toMatchObject({ error: "image_type", errors: { file: "image_type" } });
    expect(php.json.message).toBe("Only JPG and PNG photos can be uploaded.");
    const svg = await upload(stockerUpload, actorOf(owner), w.id, new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']));
    expect(svg.json.error).toBe("image_type");
    const truncated = new Uint8Array(
      await sharp({ create: { width: 800, height: 600, channels: 3, background: "#888" } })
        .jpeg()
        .toBuffer(),
    );
    const cut = await upload(stockerUpload, actorOf(owner), w.id, new Blob([truncated.subarray(0, Math.floor(truncated.length * 0.6))]));
    expect(cut.json.error).toBe("image_invalid");
    expect((await upload(stockerUpload, actorOf(owner), w.id, null)).status).toBe(422);
    expect((await upload(stockerUpload, actorOf(owner), w.id, new Blob([png]), "gallery")).status).toBe(422);
    expect(await imageRows(w.id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it("answers 403 for another owner's listed warehouse, 404 for a pending one, and stores nothing", async () => {
    const listed = await makeWarehouse(t.db, { user_id: other.id });
    const pending = await makeWarehouse(t.db, { user_id: other.id, status: "pending" });
    const before = storedFiles();
    expect((await upload(stockerUpload, actorOf(owner), listed.id, new Blob([png]))).status).toBe(403);
    expect((await upload(stockerUpload, actorOf(owner), pending.id, new Blob([png]))).status).toBe(404);
    expect(storedFiles()).toEqual(before);
    // The back office may, and the upload is audited.
    const res = await upload(adminUpload, actorOf(admin), listed.id, new Blob([png]));
    expect(res.status).toBe(200);
    const entry = await t.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", listed.id)
      .where("action", "=", "warehouse.image_upload")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ admin_id: admin.id, details: { image_id: res.json.image_id } });
  });

  it(`stops at ${MAX_IMAGES} photos a warehouse`, async () => {
    const w = await makeWarehouse(t.db, { user_id: owner.id });
    await t.db
      .insertInto("images")
      .values(Array.from({ length: MAX_IMAGES }, (_, i) => ({ warehouse_id: w.id, src: `/uploads/demo/x${i}.webp`, file: `demo/x${i}.webp`, position: i })))
      .execute();
    const before = storedFiles();
    const res = await upload(stockerUpload, actorOf(owner), w.id, new Blob([png]));
    expect(res.status).toBe(422);
    expect(res.json.error).toBe("too_many_images");
    expect(storedFiles()).toEqual(before);
  });

  it("removes the stored files again when recording the photo fails", async () => {
    const w = await makeWarehouse(t.db, { user_id: owner.id });
    const stored = new Set<string>();
    const storage: ImageStorage = {
      kind: "local",
      put: async (key) => {
        if (stored.size === 1) throw new Error("disk full");
        stored.add(key);
      },
      delete: async (key) => void stored.delete(key),
      publicUrl: (key) => `/uploads/${key}`,
    };
    // The storage's failure is the operator's: the user hears "try again later" (503).
    await expect(uploadWarehouseImage({ db: t.db, storage }, actorOf(owner), w.id, new Blob([png]))).rejects.toMatchObject({
      status: 503,
      code: "image_storage_unavailable",
    });
    expect(stored.size).toBe(0);
    expect(await imageRows(w.id)).toEqual([]);
  });
});

describe("removing photos on save", () => {
  it("deletes the rows and then their files, and keeps the shared demo pictures' files", async () => {
    const w = await makeWarehouse(t.db, { user_id: owner.id });
    const a = await upload(stockerUpload, actorOf(owner), w.id, new Blob([png]));
    const b = await upload(stockerUpload, actorOf(owner), w.id, new Blob([png]));
    const demo = await t.db
      .insertInto("images")
      .values({ warehouse_id: w.id, src: "/uploads/demo/shared.webp", file: "demo/shared.webp", position: 9 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const demoFile = path.join(uploads, "demo/shared.webp");
    fs.mkdirSync(path.dirname(demoFile), { recursive: true });
    fs.writeFileSync(demoFile, "demo");
    const [rowA] = (await imageRows(w.id)).filter((r) => r.id === a.json.image_id);

    const ctx = { db: t.db, geocoder: gazetteerGeocoder(t.db), streetLevel: false, storage: imageStorageFor(config), locale: "it" as const };
    const input = warehouseUpdateSchema("owner").parse({
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
      imgs_to_delete: [a.json.image_id, demo.id],
    });
    await updateWarehouse(ctx, actorOf(owner), w.id, input);
    expect((await imageRows(w.id)).map((r) => r.id)).toEqual([b.json.image_id]);
    expect(fs.existsSync(path.join(uploads, rowA!.file))).toBe(false);
    expect(fs.existsSync(path.join(uploads, rowA!.thumb_file!))).toBe(false);
    expect(fs.existsSync(demoFile)).toBe(true);
  });
});
