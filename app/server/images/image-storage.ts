// Where uploaded images live: files under DATA_DIR/uploads (served by server/start.ts at
// /uploads), or S3-compatible object storage when S3_BUCKET is set (AWS S3, MinIO, R2…), with
// browsers loading them from S3_PUBLIC_URL. Keys are chosen by the server (newImageKey), never
// by a user, and name immutable content: a new picture gets a new key, so both backends can
// let browsers and CDNs cache an image for a year.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import type { Config, S3Config } from "../config.ts";

export interface ImageStorage {
  readonly kind: "local" | "s3";
  /** Stores bytes under a key like "warehouses/123/9f1c…e2-large.webp"; resolves when durable. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Removes a key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** The URL a browser loads the key from: "/uploads/<key>" locally, `${S3_PUBLIC_URL}/<key>` on S3. */
  publicUrl(key: string): string;
}

/** A fresh key for one variant of one upload: 128 random bits, so names are never reused or guessed. */
export function newImageKey(warehouseId: number, variant: "large" | "thumb", extension: string): string {
  if (!Number.isSafeInteger(warehouseId) || warehouseId <= 0) throw new Error(`not a warehouse id: ${warehouseId}`);
  if (!/^[a-z0-9]{1,10}$/.test(extension)) throw new Error(`not a file extension: ${extension}`);
  return `warehouses/${warehouseId}/${randomBytes(16).toString("hex")}-${variant}.${extension}`;
}

// Lower-case letters, digits, "-" and "." in "/"-separated segments that start with a letter or
// digit: no "..", no "." segment, no leading or doubled "/", no backslash, nothing to escape
// in a URL. A key can then never leave the uploads folder, nor name the hidden temporary files
// of a write in progress (".name.random.tmp").
const KEY_PATTERN = /^[a-z0-9][a-z0-9.-]*(?:\/[a-z0-9][a-z0-9.-]*)*$/;

function checkKey(key: string): string {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.includes("..")) throw new Error(`invalid image key: ${JSON.stringify(key.slice(0, 100))}`);
  return key;
}

const storages = new WeakMap<object, ImageStorage>();

/** The storage the configuration names (S3 when S3_BUCKET is set), one per config object. */
export function imageStorageFor(config: Pick<Config, "uploadsDir" | "s3">): ImageStorage {
  let storage = storages.get(config);
  if (!storage) {
    storage = config.s3 ? objectStorage(config.s3) : localFileStorage(config.uploadsDir);
    storages.set(config, storage);
  }
  return storage;
}

function localFileStorage(dir: string): ImageStorage {
  return {
    kind: "local",
    async put(key, data) {
      const file = path.join(dir, checkKey(key));
      const folder = path.dirname(file);
      await fs.mkdir(folder, { recursive: true });
      // Written under a temporary name in the same folder, flushed, then renamed: a crash
      // leaves either nothing or the whole file under the real name. The dot keeps the
      // temporary file out of express.static (dotfiles are ignored) while it exists.
      const temp = path.join(folder, `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
      try {
        const handle = await fs.open(temp, "wx");
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
      // The rename itself is durable once the folder is flushed.
      const folderHandle = await fs.open(folder, "r");
      try {
        await folderHandle.sync();
      } finally {
        await folderHandle.close();
      }
    },
    async delete(key) {
      await fs.rm(path.join(dir, checkKey(key)), { force: true });
    },
    publicUrl(key) {
      return `/uploads/${checkKey(key)}`;
    },
  };
}

/** Every request to the object storage gives up after this long (retries included). */
const S3_TIMEOUT_MS = 30_000;
const IMMUTABLE = "public, max-age=31536000, immutable";

function objectStorage(s3: S3Config): ImageStorage {
  // aws4fetch signs with AWS Signature V4 (a few kB, against @aws-sdk's megabytes). It retries
  // 5xx and 429 answers with a short back-off; PUT and DELETE of a key are idempotent.
  const client = new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, service: "s3", region: s3.region, retries: 2 });
  // Path-style URLs (endpoint/bucket/key): every S3-compatible service takes them, and the
  // bucket needs no DNS name of its own.
  const objectUrl = (key: string) => `${s3.endpoint}/${s3.bucket}/${checkKey(key)}`;

  async function send(method: "PUT" | "DELETE", key: string, init: RequestInit = {}): Promise<Response> {
    const url = objectUrl(key);
    try {
      return await client.fetch(url, { ...init, method, signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
    } catch (error) {
      const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer in ${S3_TIMEOUT_MS / 1000} s` : reasonOf(error);
      throw new Error(`S3 ${method} ${key}: ${reason}`, { cause: error });
    }
  }

  /** The status and S3's error code (AccessDenied, NoSuchBucket…): never the request's headers. */
  async function failure(method: string, key: string, response: Response): Promise<Error> {
    const body = await response.text().catch(() => "");
    const code = /<Code>([A-Za-z0-9.-]{1,64})<\/Code>/.exec(body)?.[1];
    return new Error(`S3 ${method} ${key}: ${response.status}${code ? ` ${code}` : ""}`);
  }

  return {
    kind: "s3",
    async put(key, data, contentType) {
      const response = await send("PUT", key, {
        // A copy on a plain ArrayBuffer, as fetch's types want (a Buffer's memory may be a
        // SharedArrayBuffer); a few hundred kB at most.
        body: new Uint8Array(data),
        headers: {
          "Content-Type": contentType,
          "Cache-Control": IMMUTABLE,
          // The payload's hash is signed too, so the storage refuses a body changed on the way.
          "X-Amz-Content-Sha256": createHash("sha256").update(data).digest("hex"),
        },
      });
      if (!response.ok) throw await failure("PUT", key, response);
      await response.body?.cancel();
    },
    async delete(key) {
      const response = await send("DELETE", key);
      // S3 answers 204 for a missing key; some compatible services answer 404.
      if (!response.ok && response.status !== 404) throw await failure("DELETE", key, response);
      await response.body?.cancel();
    },
    publicUrl(key) {
      return `${s3.publicUrl}/${checkKey(key)}`;
    },
  };
}

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // fetch() says "fetch failed" and keeps the reason (ECONNREFUSED…) in its cause.
  const cause = error.cause instanceof Error ? ((error.cause as NodeJS.ErrnoException).code ?? error.cause.message) : null;
  return cause ? `${error.message} (${cause})` : error.message;
}
