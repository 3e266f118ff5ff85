// Photo uploads: POST /api/{admin|stocker|referent}/warehouses/{id}/upload, one image per call
// (multipart type=thumb, file). The file is judged by its bytes and re-encoded
// (images/image-processing.ts) before anything is stored; its two renditions go to the
// configured storage under fresh, immutable names, and only then is the row written. Any
// failure after the files were stored removes them again: a refused upload leaves nothing.
import { UnavailableError, ValidationError } from "../errors.ts";
import type { Actor } from "../context.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { MAX_IMAGES } from "../../schemas/warehouse.ts";
import { MAX_UPLOAD_BYTES, processImage } from "../images/image-processing.ts";
import { newImageKey } from "../images/image-storage.ts";
import { warehouseToEdit, type EditingContext } from "./warehouse-editing.service.ts";
import { countImages, insertImage, nextImagePosition } from "./warehouse-editing.queries.ts";

export type UploadedImage = { image_id: number; src: string; thumb_src: string };

export async function uploadWarehouseImage(
  ctx: Omit<EditingContext, "geocoder" | "streetLevel" | "locale">,
  actor: Actor,
  warehouseId: number,
  file: Blob,
): Promise<UploadedImage> {
  // Who may, and whether there is room, before the (costly) decoding; both again under the lock.
  await warehouseToEdit(ctx.db, actor, warehouseId);
  await refuseWhenFull(ctx, warehouseId);
  if (file.size > MAX_UPLOAD_BYTES) throw imageError("image_too_large");
  const image = await processImage(new Uint8Array(await file.arrayBuffer()), { metrics: ctx.metrics }).catch((err: unknown) => {
    // The refusal's own sentence ("only JPG and PNG…") rather than the generic one.
    if (err instanceof ValidationError && err.errors.file) throw imageError(err.errors.file);
    throw err;
  });

  const large = newImageKey(warehouseId, "large", image.large.extension);
  const thumb = newImageKey(warehouseId, "thumb", image.thumb.extension);
  const stored: string[] = [];
  try {
    await store(ctx, large, image.large);
    stored.push(large);
    await store(ctx, thumb, image.thumb);
    stored.push(thumb);
    return await ctx.db.transaction().execute(async (trx) => {
      await warehouseToEdit(trx, actor, warehouseId, { lock: true });
      await refuseWhenFull({ db: trx }, warehouseId);
      const position = await nextImagePosition(trx, { warehouseId });
      const row = await insertImage(trx, {
        warehouse_id: warehouseId,
        src: ctx.storage.publicUrl(large),
        file: large,
        thumb_src: ctx.storage.publicUrl(thumb),
        thumb_file: thumb,
        storage: ctx.storage.kind,
        width: image.large.width,
        height: image.large.height,
        position,
        uploaded_by: actor.id,
      });
      await auditAdminAction(trx, actor, {
        action: "warehouse.image_upload",
        entityType: "warehouse",
        entityId: warehouseId,
        details: { image_id: row.id, src: row.src },
      });
      return { image_id: row.id, src: row.src, thumb_src: row.thumb_src! };
    });
  } catch (err) {
    for (const key of stored)
      await ctx.storage.delete(key).catch((e: unknown) => ctx.log?.warn({ err: e, key }, "could not remove the files of a failed upload"));
    throw err;
  }
}

/**
 * One rendition into the storage. A storage that refuses or does not answer (a wrong key, a
 * missing bucket, S3 away, a full disk) is the operator's to fix: the log says why, the user
 * is told to try again later (503), never a 500.
 */
async function store(ctx: Pick<EditingContext, "storage" | "log">, key: string, rendition: { data: Buffer; contentType: string }): Promise<void> {
  try {
    await ctx.storage.put(key, rendition.data, rendition.contentType);
  } catch (err) {
    ctx.log?.error({ err, storage: ctx.storage.kind }, `could not store an uploaded photo: ${err instanceof Error ? err.message : String(err)}`);
    throw new UnavailableError("image_storage_unavailable");
  }
}

async function refuseWhenFull(ctx: Pick<EditingContext, "db">, warehouseId: number): Promise<void> {
  if ((await countImages(ctx.db, { warehouseId })) >= MAX_IMAGES) throw imageError("too_many_images");
}

const imageError = (code: string) => new ValidationError({ file: code }, code);
