// The S3 image storage against a real S3-compatible server (s3rver, tests/support/s3-server.ts):
// what it stores is read back, unsigned, from the public URL it gives, with the type and cache
// it was stored with; a delete removes the object; a refusing storage rejects with S3's code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { startS3Server, type S3TestServer } from "../../../tests/support/s3-server.ts";
import { imageStorageFor, newImageKey } from "./image-storage.ts";

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const storageWith = (env: Record<string, string> = {}) => imageStorageFor(loadConfig({ NODE_ENV: "test", ...s3.env, ...env }));

describe("S3 image storage on an S3-compatible server", () => {
  it("stores an object that is read back from its public URL, with its type and a year's immutable cache", async () => {
    const storage = storageWith();
    expect(storage.kind).toBe("s3");
    const key = newImageKey(7, "large", "webp");
    const data = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 stands in for a picture");
    await storage.put(key, data, "image/webp");

    const url = storage.publicUrl(key);
    expect(url).toBe(`${s3.publicUrl}/${key}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
    expect(await s3.listKeys("warehouses/7/")).toEqual([key]);
  });

  it("deletes an object, after which its URL answers 404; a key already gone is no error", async () => {
    const storage = storageWith();
    const key = newImageKey(8, "thumb", "webp");
    await storage.put(key, Buffer.from("x"), "image/webp");
    expect(await s3.listKeys("warehouses/8/")).toEqual([key]);

    await storage.delete(key);
    expect(await s3.listKeys("warehouses/8/")).toEqual([]);
    expect((await fetch(storage.publicUrl(key))).status).toBe(404);
    await storage.delete(key);
  });

  it("rejects with the status and S3's code when the key id is unknown or the bucket missing, storing nothing", async () => {
    const key = newImageKey(9, "large", "webp");
    await expect(storageWith({ S3_ACCESS_KEY_ID: "NOT-A-KEY" }).put(key, Buffer.from("x"), "image/webp")).rejects.toThrow(
      `S3 PUT ${key}: 403 InvalidAccessKeyId`,
    );
    await expect(storageWith({ S3_BUCKET: "no-such-bucket" }).put(key, Buffer.from("x"), "image/webp")).rejects.toThrow(`S3 PUT ${key}: 404 NoSuchBucket`);
    await expect(storageWith({ S3_ACCESS_KEY_ID: "NOT-A-KEY" }).delete(key)).rejects.toThrow(`S3 DELETE ${key}: 403 InvalidAccessKeyId`);
    expect(await s3.listKeys("warehouses/9/")).toEqual([]);
  });
});
