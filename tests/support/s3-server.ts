// A real S3-compatible server for the tests: s3rver, in this process, on a free port of
// 127.0.0.1, keeping its objects in a temporary folder. It serves unsigned GETs, as a bucket
// with public reads does: objects are read publicly at `${endpoint}/${bucket}/<key>`. On signed
// requests it refuses an unknown access key (403 InvalidAccessKeyId) and a missing bucket (404
// NoSuchBucket) as S3 does, but it does not check a Signature V4's secret: a wrong
// S3_SECRET_ACCESS_KEY with the right key id goes through.
import fs from "node:fs";
import type http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/** What the tests use of s3rver (a CommonJS package without types of its own). */
interface S3rverServer {
  run(): Promise<{ port: number; address: string }>;
  close(): Promise<void>;
  /** Set by run(). */
  httpServer?: http.Server;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  vhostBuckets: boolean;
  configureBuckets: { name: string; configs: string[] }[];
}) => S3rverServer;

const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

/** The one key pair s3rver accepts (its built-in account). */
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

export type S3TestServer = {
  /** http://127.0.0.1:<port>: S3_ENDPOINT (path-style, objects at `${endpoint}/${bucket}/<key>`). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where objects are read without signing: `${endpoint}/${bucket}` (S3_PUBLIC_URL). */
  publicUrl: string;
  /** The app's settings for this server: S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL. */
  env: Record<string, string>;
  /** The folder s3rver keeps buckets and objects in (removed by close()). */
  directory: string;
  /** The keys in the bucket, sorted: read through S3's own listing. */
  listKeys(prefix?: string): Promise<string[]>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
};

/** Starts s3rver on a free port with one empty bucket (default "stockspace-test"). */
export async function startS3Server(opts: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = opts.bucket ?? "stockspace-test";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "stockspace-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    // Path-style only: the app addresses objects as endpoint/bucket/key.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const publicUrl = `${endpoint}/${bucket}`;
  return {
    endpoint,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    publicUrl,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_PUBLIC_URL: publicUrl,
    },
    async listKeys(prefix = "") {
      // An unsigned ListObjects: s3rver lets anonymous requests list, as a public bucket would.
      const response = await fetch(`${endpoint}/${bucket}?prefix=${encodeURIComponent(prefix)}&max-keys=1000`);
      if (!response.ok) throw new Error(`listing ${bucket}: ${response.status} ${await response.text()}`);
      const xml = await response.text();
      return [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!).sort();
    },
    async close() {
      // Keep-alive connections of fetch() would hold the close back until they time out.
      server.httpServer?.closeIdleConnections();
      const closed = server.close();
      server.httpServer?.closeAllConnections();
      await closed;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
