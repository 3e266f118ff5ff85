import { createHash, createHmac } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { imageStorageFor, newImageKey } from "./image-storage.ts";

const WEBP = "image/webp";

describe("newImageKey", () => {
  it("names a variant of a warehouse's upload with 128 random bits", () => {
    const key = newImageKey(123, "large", "webp");
    expect(key).toMatch(/^warehouses\/123\/[0-9a-f]{32}-large\.webp$/);
    expect(newImageKey(123, "large", "webp")).not.toBe(key);
    expect(newImageKey(7, "thumb", "webp")).toMatch(/^warehouses\/7\/[0-9a-f]{32}-thumb\.webp$/);
    expect(() => newImageKey(0, "large", "webp")).toThrow();
    expect(() => newImageKey(1.5, "large", "webp")).toThrow();
    expect(() => newImageKey(1, "large", "../x")).toThrow();
  });
});

describe("local image storage", () => {
  let dataDir: string;
  let uploadsDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-images-"));
    uploadsDir = loadConfig({ DATA_DIR: dataDir }).uploadsDir;
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const allFiles = () => fs.readdirSync(uploadsDir, { recursive: true, encoding: "utf8" }).filter((f) => fs.statSync(path.join(uploadsDir, f)).isFile());

  it("is chosen without S3_BUCKET, once per config", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(imageStorageFor(config).kind).toBe("local");
    expect(imageStorageFor(config)).toBe(imageStorageFor(config));
    expect(imageStorageFor(loadConfig({ DATA_DIR: dataDir }))).not.toBe(imageStorageFor(config));
  });

  it("stores, serves under /uploads and deletes, creating folders and leaving no temporary files", async () => {
    const storage = imageStorageFor(loadConfig({ DATA_DIR: dataDir }));
    const key = newImageKey(42, "large", "webp");
    await storage.put(key, Buffer.from("first"), WEBP);
    await storage.put(key, Buffer.from("second"), WEBP); // a repeated put replaces the whole file
    expect(fs.readFileSync(path.join(uploadsDir, key), "utf8")).toBe("second");
    expect(storage.publicUrl(key)).toBe(`/uploads/${key}`);
    expect(allFiles()).toEqual([key]);

    await storage.delete(key);
    expect(fs.existsSync(path.join(uploadsDir, key))).toBe(false);
    await storage.delete(key); // missing: not an error
    await storage.delete("warehouses/9/never-written.webp");
    expect(allFiles()).toEqual([]);
  });

  it("removes its temporary file when the write fails", async () => {
    const storage = imageStorageFor(loadConfig({ DATA_DIR: dataDir }));
    fs.mkdirSync(path.join(uploadsDir, "warehouses/5/taken.webp"), { recursive: true });
    await expect(storage.put("warehouses/5/taken.webp", Buffer.from("x"), WEBP)).rejects.toThrow();
    expect(allFiles()).toEqual([]);
  });

  it("refuses keys that could leave the uploads folder or need escaping", async () => {
    const storage = imageStorageFor(loadConfig({ DATA_DIR: dataDir }));
    const bad = [
      "../x",
      "/abs",
      "a\\b",
      "warehouses/../../x",
      "warehouses/..",
      "./x",
      "a//b",
      "a/",
      "",
      ".hidden",
      "a/.b.tmp",
      "A.webp",
      "a b",
      "a%2fb",
      "a?b",
      "é.webp",
      "a\0b",
    ];
    for (const key of bad) {
      await expect(storage.put(key, Buffer.from("x"), WEBP), key).rejects.toThrow(/invalid image key/);
      await expect(storage.delete(key), key).rejects.toThrow(/invalid image key/);
      expect(() => storage.publicUrl(key), key).toThrow(/invalid image key/);
    }
    expect(fs.existsSync(path.join(dataDir, "x"))).toBe(false);
    expect(fs.existsSync("/abs")).toBe(false);
    expect(allFiles()).toEqual([]);
  });
});

type Recorded = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };

describe("S3 image storage", () => {
  const requests: Recorded[] = [];
  let answer: { status: number; body?: string } = { status: 200 };
  let server: http.Server;
  let endpoint: string;
  const secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

  beforeAll(async () => {
    // A stand-in for the object storage on loopback: it records what it is sent.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        requests.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(answer.status, { "Content-Type": "application/xml" }).end(answer.body ?? "");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests.length = 0;
    answer = { status: 200 };
  });

  const s3Config = () =>
    loadConfig({
      S3_BUCKET: "stockspace-photos",
      S3_ENDPOINT: `${endpoint}/`,
      S3_REGION: "eu-south-1",
      S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
      S3_SECRET_ACCESS_KEY: secret,
      S3_PUBLIC_URL: "https://cdn.example.com/stockspace/",
    });

  /** Recomputes the request's SigV4 signature from what the server received. */
  function expectValidSignature(request: Recorded) {
    const auth = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      String(request.headers.authorization),
    );
    expect(auth, String(request.headers.authorization)).not.toBeNull();
    const [, keyId, date, region, signedHeaders, signature] = auth!;
    expect([keyId, region]).toEqual(["AKIDEXAMPLE", "eu-south-1"]);
    const amzDate = String(request.headers["x-amz-date"]);
    expect(amzDate).toMatch(/^\d{8}T\d{6}Z$/);
    expect(amzDate.slice(0, 8)).toBe(date);
    const signedAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
    expect(Math.abs(Date.now() - signedAt)).toBeLessThan(5 * 60_000);
    // The host, the date and the payload's hash are signed.
    const names = signedHeaders!.split(";");
    expect(names).toEqual(expect.arrayContaining(["host", "x-amz-content-sha256", "x-amz-date"]));

    const payloadHash = String(request.headers["x-amz-content-sha256"]);
    const canonicalRequest = [
      request.method,
      request.url, // keys need no escaping
      "",
      ...names.map((name) => `${name}:${String(request.headers[name]).trim()}`),
      "",
      signedHeaders,
      payloadHash,
    ].join("\n");
    const scope = `${date}/${region}/s3/aws4_request`;
    const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, createHash("sha256").update(canonicalRequest).digest("hex")].join("\n");
    const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();
    const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), "s3"), "aws4_request");
    expect(createHmac("sha256", signingKey).update(stringToSign).digest("hex")).toBe(signature);
  }

  it("is chosen by S3_BUCKET and gives the public URL under S3_PUBLIC_URL", () => {
    const storage = imageStorageFor(s3Config());
    expect(storage.kind).toBe("s3");
    expect(storage.publicUrl("warehouses/1/abc-large.webp")).toBe("https://cdn.example.com/stockspace/warehouses/1/abc-large.webp");
    expect(() => storage.publicUrl("../x")).toThrow(/invalid image key/);
  });

  it("PUTs to endpoint/bucket/key, signed (SigV4, payload hash included), with the type and a year's immutable cache", async () => {
    const storage = imageStorageFor(s3Config());
    const key = newImageKey(42, "large", "webp");
    const data = Buffer.from("RIFF....WEBPVP8 not really an image");
    await storage.put(key, data, WEBP);

    expect(requests).toHaveLength(1);
    const [put] = requests as [Recorded];
    expect(put.method).toBe("PUT");
    expect(put.url).toBe(`/stockspace-photos/${key}`);
    expect(put.body.equals(data)).toBe(true);
    expect(put.headers["content-type"]).toBe(WEBP);
    expect(put.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(put.headers["x-amz-content-sha256"]).toBe(createHash("sha256").update(data).digest("hex"));
    expect(String(put.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-south-1\/s3\/aws4_request, /);
    expect(JSON.stringify(put.headers)).not.toContain(secret);
    expectValidSignature(put);

    // The check above would notice a wrong signature.
    expect(() => expectValidSignature({ ...put, url: `/stockspace-photos/${key}x` })).toThrow();
  });

  it("DELETEs the same way; a missing key is not an error", async () => {
    const storage = imageStorageFor(s3Config());
    const key = newImageKey(42, "thumb", "webp");
    answer = { status: 204 };
    await storage.delete(key);
    answer = { status: 404, body: "<Error><Code>NoSuchKey</Code></Error>" };
    await storage.delete(key);

    expect(requests.map((r) => [r.method, r.url])).toEqual([
      ["DELETE", `/stockspace-photos/${key}`],
      ["DELETE", `/stockspace-photos/${key}`],
    ]);
    expect(requests[0]!.headers["x-amz-date"]).toBeDefined();
    expect(requests[0]!.headers["x-amz-content-sha256"]).toBeDefined();
    expectValidSignature(requests[0]!);
  });

  it("rejects on error answers with the status and S3's code, never the credentials", async () => {
    const storage = imageStorageFor(s3Config());
    const key = newImageKey(42, "large", "webp");
    answer = { status: 500, body: "<Error><Code>InternalError</Code></Error>" };
    const failed = await storage.put(key, Buffer.from("x"), WEBP).then(
      () => null,
      (error: Error) => error,
    );
    expect(failed?.message).toBe(`S3 PUT ${key}: 500 InternalError`);
    expect(failed?.message).not.toContain(secret);
    // 5xx answers are retried twice, then given up.
    expect(requests).toHaveLength(3);

    requests.length = 0;
    answer = { status: 403, body: "<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>" };
    await expect(storage.put(key, Buffer.from("x"), WEBP)).rejects.toThrow(`S3 PUT ${key}: 403 AccessDenied`);
    expect(requests).toHaveLength(1);
    await expect(storage.delete(key)).rejects.toThrow(`S3 DELETE ${key}: 403 AccessDenied`);
  });

  it("rejects when the storage cannot be reached", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const storage = imageStorageFor(loadConfig({ ...envOf(s3Config()), S3_ENDPOINT: `http://127.0.0.1:${port}` }));
    await expect(storage.put("warehouses/1/a-large.webp", Buffer.from("x"), WEBP)).rejects.toThrow(
      /^S3 PUT warehouses\/1\/a-large\.webp: fetch failed \(ECONNREFUSED\)$/,
    );
  });

  function envOf(config: ReturnType<typeof s3Config>) {
    const s3 = config.s3!;
    return {
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PUBLIC_URL: s3.publicUrl,
    };
  }
});

describe("S3 configuration", () => {
  const env = {
    S3_BUCKET: "photos",
    S3_ENDPOINT: "https://s3.eu-south-1.amazonaws.com",
    S3_ACCESS_KEY_ID: "AKID",
    S3_SECRET_ACCESS_KEY: "secret",
    S3_PUBLIC_URL: "https://photos.example.com",
  };

  it("is off without S3_BUCKET, and takes the region from an AWS endpoint, else us-east-1", () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: "" }).s3).toBeNull();
    expect(loadConfig(env).s3).toMatchObject({ bucket: "photos", region: "eu-south-1", endpoint: "https://s3.eu-south-1.amazonaws.com" });
    expect(loadConfig({ ...env, S3_ENDPOINT: "http://minio.internal:9000/" }).s3).toMatchObject({
      region: "us-east-1",
      endpoint: "http://minio.internal:9000",
    });
    expect(loadConfig({ ...env, S3_REGION: "auto" }).s3?.region).toBe("auto");
  });

  it("refuses to start with S3_BUCKET but without what it needs, or with credentials in a URL", () => {
    expect(() => loadConfig({ S3_BUCKET: "photos" })).toThrow(
      /S3_ENDPOINT: required when S3_BUCKET is set[\s\S]*S3_PUBLIC_URL: required when S3_BUCKET is set/,
    );
    expect(() => loadConfig({ ...env, S3_PUBLIC_URL: "" })).toThrow(/S3_PUBLIC_URL: required when S3_BUCKET is set/);
    expect(() => loadConfig({ ...env, S3_PUBLIC_URL: "/images" })).toThrow(/S3_PUBLIC_URL/);
    expect(() => loadConfig({ ...env, S3_ENDPOINT: "https://AKID:secret@s3.example.com" })).toThrow(/S3_ENDPOINT: no credentials in the URL/);
    expect(() => loadConfig({ ...env, S3_BUCKET: "Photos_2024" })).toThrow(/S3_BUCKET/);
  });
});
