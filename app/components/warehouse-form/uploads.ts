// The new photos of a saved warehouse go up one by one, in order, each as its own multipart
// call (type "thumb", file). The first failure stops the run: what is left is uploaded again by
// the next run (the "Retry upload" button, or the next save), starting with the failed one.
import type { ApiResult } from "../../lib/api-client.ts";

export type UploadItem = { key: string; file: File };

export type UploadRun = {
  /** The keys uploaded by this run, in order. */
  done: string[];
  /** The photo that failed and the server's message (null: none, or none given). */
  failed: { key: string; name: string; message: string | null; status: number } | null;
};

export type SendForm = (url: string, body: FormData) => Promise<ApiResult>;

export async function uploadInOrder(
  items: readonly UploadItem[],
  url: string,
  send: SendForm,
  onProgress?: (index: number, total: number) => void,
): Promise<UploadRun> {
  const done: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    onProgress?.(i, items.length);
    const body = new FormData();
    body.append("type", "thumb");
    body.append("file", item.file, item.file.name);
    const result = await send(url, body);
    if (!result.ok || result.data.error) {
      const message = typeof result.data.message === "string" && result.data.message ? result.data.message : null;
      return { done, failed: { key: item.key, name: item.file.name, message, status: result.status } };
    }
    done.push(item.key);
  }
  return { done, failed: null };
}
