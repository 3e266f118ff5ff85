// The warehouse calls of the three areas, built once: /api/admin/warehouses/…,
// /api/stocker/warehouses/… and /api/referent/warehouses/… differ only in who may call and
// which form rules apply (the back office's or the owners'); the services decide the rest
// (ownership, defaults, what each role may change). Each route file is one line.
import { z } from "zod";
import { apiAction, idParam } from "../../../server/http/api.ts";
import type { AppServices } from "../../../server/context.ts";
import type { Locale } from "../../../lib/locale.ts";
import type { Role } from "../../../server/http/guard.ts";
import { geocoderFor } from "../../../server/geo/geocoder.service.ts";
import { imageStorageFor } from "../../../server/images/image-storage.ts";
import {
  createWarehouse,
  resubmitWarehouse,
  updateWarehouse,
  updateWarehouseSpaces,
  type EditingContext,
} from "../../../server/warehouses/warehouse-editing.service.ts";
import { uploadWarehouseImage } from "../../../server/warehouses/warehouse-images.service.ts";
import { assignReferent, createReferentForWarehouse, setOwnerRequestEmails } from "../../../server/warehouses/warehouse-referents.service.ts";
import { updateSpacesSchema } from "../../../schemas/spaces.ts";
import {
  createReferentSchema,
  imageUploadSchema,
  ownerRequestEmailsSchema,
  updateReferentSchema,
  warehouseCreateSchema,
  warehouseUpdateSchema,
} from "../../../schemas/warehouse.ts";
import { ownerRequestEmailsAnswer, warehouseImageAnswer, warehouseSpacesAnswer } from "../../../schemas/area-answers.ts";
import { userIdAnswer, warehouseIdAnswer } from "../../../schemas/answer-parts.ts";

export type WarehouseArea = "admin" | "stocker" | "referent";

const ROLE: Record<WarehouseArea, Role> = { admin: "admin", stocker: "stocker", referent: "referent" };
const params = z.object({ id: idParam });
const formKind = (area: WarehouseArea) => (area === "admin" ? "admin" : "owner");

export function editingContext(services: AppServices, locale: Locale): EditingContext {
  return {
    db: services.db,
    geocoder: geocoderFor(services),
    streetLevel: Boolean(services.config.geocoderUrl),
    storage: imageStorageFor(services.config),
    locale,
    operator: { email: services.config.supportEmail, origin: services.config.origin },
    log: services.log,
    metrics: services.metrics,
  };
}

/** POST /api/{admin|stocker}/warehouses/create → { warehouse_id }. */
export const createWarehouseEndpoint = (area: "admin" | "stocker") =>
  apiAction({ access: [ROLE[area]], body: warehouseCreateSchema(formKind(area)), response: warehouseIdAnswer }, async ({ actor, body, services, locale }) => {
    const { warehouseId } = await createWarehouse(editingContext(services, locale), actor, body);
    return { warehouse_id: warehouseId };
  });

/** POST /api/{area}/warehouses/{id}/update → { warehouse_id }. */
export const updateWarehouseEndpoint = (area: WarehouseArea) =>
  apiAction(
    { access: [ROLE[area]], params, body: warehouseUpdateSchema(formKind(area)), response: warehouseIdAnswer },
    async ({ actor, params, body, services, locale }) => {
      const { warehouseId } = await updateWarehouse(editingContext(services, locale), actor, params.id, body);
      return { warehouse_id: warehouseId };
    },
  );

/**
 * POST /api/{area}/warehouses/{id}/update-spaces ({ spaces: [...] }, the whole set; [] clears)
 * → { warehouse_id, spaces }: the warehouse's free space alone, as its page's availability panel saves it.
 */
export const updateSpacesEndpoint = (area: WarehouseArea) =>
  apiAction({ access: [ROLE[area]], params, body: updateSpacesSchema, response: warehouseSpacesAnswer }, async ({ actor, params, body, services }) => {
    const { warehouseId, spaces } = await updateWarehouseSpaces(services.db, actor, params.id, body.spaces);
    return { warehouse_id: warehouseId, spaces };
  });

/** POST /api/stocker/warehouses/{id}/resubmit (no payload) → { warehouse_id }: a refused warehouse sent for a new check. */
export const resubmitWarehouseEndpoint = () =>
  apiAction({ access: ["stocker"], params, response: warehouseIdAnswer }, async ({ actor, params, services, locale }) => {
    const { warehouseId } = await resubmitWarehouse(editingContext(services, locale), actor, params.id);
    return { warehouse_id: warehouseId };
  });

/** POST /api/{area}/warehouses/{id}/upload (multipart type=thumb, file) → { image_id, src, thumb_src }. */
export const uploadWarehouseImageEndpoint = (area: WarehouseArea) =>
  apiAction({ access: [ROLE[area]], params, body: imageUploadSchema, response: warehouseImageAnswer }, ({ actor, params, body, services, locale }) =>
    uploadWarehouseImage(editingContext(services, locale), actor, params.id, body.file),
  );

/** POST /api/{area}/warehouses/{id}/create-referent → { user_id } (or errors.email). */
export const createReferentEndpoint = (area: WarehouseArea) =>
  apiAction({ access: [ROLE[area]], params, body: createReferentSchema, response: userIdAnswer }, async ({ actor, params, body, services }) => {
    const { userId } = await createReferentForWarehouse(services.db, actor, params.id, body.user_data, { origin: services.config.origin });
    return { user_id: userId };
  });

/** POST /api/{area}/warehouses/{id}/update-referent (warehouse_data.referent_id) → { warehouse_id }. */
export const updateReferentEndpoint = (area: WarehouseArea) =>
  apiAction({ access: [ROLE[area]], params, body: updateReferentSchema, response: warehouseIdAnswer }, async ({ actor, params, body, services }) => {
    const { warehouseId } = await assignReferent(services.db, actor, params.id, body.warehouse_data.referent_id, { origin: services.config.origin });
    return { warehouse_id: warehouseId };
  });

/**
 * POST /api/stocker/warehouses/{id}/update-request-emails (warehouse_data.owner_request_emails)
 * → { warehouse_id, owner_request_emails }: the owner's e-mails of the requests its referent handles.
 */
export const ownerRequestEmailsEndpoint = () =>
  apiAction({ access: ["stocker"], params, body: ownerRequestEmailsSchema, response: ownerRequestEmailsAnswer }, async ({ actor, params, body, services }) => {
    const { warehouseId, ownerRequestEmails } = await setOwnerRequestEmails(services.db, actor, params.id, body.warehouse_data.owner_request_emails);
    return { warehouse_id: warehouseId, owner_request_emails: ownerRequestEmails };
  });
