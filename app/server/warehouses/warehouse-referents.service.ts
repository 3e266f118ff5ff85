// A warehouse's referent: the person who receives and handles its quote requests (when it
// has none, its owner does). From the warehouse's detail page, the stocker that owns it, or
// the referent that manages it, creates a new referent (an invited account: the invitation
// e-mail lets them set a password) or picks one the owner already has.
//
// create-referent also assigns the new referent to the warehouse, in the same transaction:
// the popup is opened on a warehouse to give it a referent, and a half-done change (an
// account created but not assigned) would leave the owner guessing.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ForbiddenError, ValidationError } from "../errors.ts";
import { auditAdminAction } from "../audit/audit.ts";
import { inviteUser } from "../accounts/invitations.service.ts";
import { createNotification } from "../notifications/notifications.service.ts";
import { m } from "../../paraglide/messages.js";
import type { CreateReferentInput } from "../../schemas/warehouse.ts";
import { warehouseToEdit } from "./warehouse-editing.service.ts";
import { escapeForMarkup } from "../notifications/safe-markup.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { findUserCompany, findUserLang, listOwnerReferents, setOwnerRequestEmailsOf, setWarehouseReferent } from "./warehouse-referents.queries.ts";

/** POST …/warehouses/{id}/create-referent → the new referent's user id (errors.email "taken" when the address has an account). */
export async function createReferentForWarehouse(
  db: Database,
  actor: Actor,
  warehouseId: number,
  input: CreateReferentInput,
  ctx: { origin: string },
): Promise<{ userId: number }> {
  return db.transaction().execute(async (trx) => {
    const w = await warehouseToEdit(trx, actor, warehouseId, { lock: true });
    const ownerCompany = w.user_id ? await findUserCompany(trx, { id: w.user_id }) : undefined;
    const { userId } = await inviteUser(
      trx,
      actor,
      {
        role: "referent",
        email: input.email,
        first_name: input.first_name,
        last_name: input.last_name,
        telephone: input.telephone,
        company: ownerCompany ?? null,
      },
      ctx,
    );
    await assign(trx, actor, w, userId);
    return { userId };
  });
}

/** POST …/warehouses/{id}/update-referent: one of the owner's referents takes the warehouse over. */
export async function assignReferent(
  db: Database,
  actor: Actor,
  warehouseId: number,
  referentId: number,
  ctx: { origin: string },
): Promise<{ warehouseId: number }> {
  return db.transaction().execute(async (trx) => {
    const w = await warehouseToEdit(trx, actor, warehouseId, { lock: true });
    const candidates = await listOwnerReferents(trx, { ownerId: w.user_id, actorId: actor.id });
    const chosen = candidates.find((r) => r.id === referentId);
    if (!chosen || !chosen.active) throw new ValidationError({ referent_id: "invalid" });
    if (w.referent_id !== referentId) {
      await assign(trx, actor, w, referentId);
      // An account that is already in use learns of its new warehouse in its notifications and
      // by e-mail (an invited one is told by its invitation).
      if (chosen.completed) {
        const lang = await findUserLang(trx, { id: referentId });
        const page = `/${lang}/referent/profile/warehouses/${w.id}`;
        await createNotification(trx, {
          userId: referentId,
          type: "referent_assigned",
          title: (locale) => m.notif_referent_assigned_title({}, { locale }),
          message: (locale) => m.notif_referent_assigned_message({ name: escapeForMarkup(w.name), city: escapeForMarkup(w.city) }, { locale }),
          data: { warehouse_id: w.id, url: page },
        });
        await queueMail(trx, {
          to: chosen.email,
          lang,
          template: "referent_assigned",
          data: { firstName: chosen.first_name, warehouse: { name: w.name, city: w.city }, link: `${ctx.origin}${page}` },
          origin: ctx.origin,
        });
      }
    }
    return { warehouseId };
  });
}

async function assign(trx: Database, actor: Actor, w: { id: number; referent_id: number | null }, referentId: number): Promise<void> {
  await setWarehouseReferent(trx, { warehouseId: w.id, referentId });
  await auditAdminAction(trx, actor, {
    action: "warehouse.update_referent",
    entityType: "warehouse",
    entityId: w.id,
    details: { changes: { referent_id: { before: w.referent_id, after: referentId } } },
  });
}

/**
 * POST /api/stocker/warehouses/{id}/update-request-emails: whether the owner of a warehouse
 * receives by e-mail the quote requests its referent handles (it is told of them in the app
 * whatever it chooses). The owner's own choice: only the stocker that owns the warehouse sets it.
 */
export async function setOwnerRequestEmails(
  db: Database,
  actor: Actor,
  warehouseId: number,
  enabled: boolean,
): Promise<{ warehouseId: number; ownerRequestEmails: boolean }> {
  const w = await warehouseToEdit(db, actor, warehouseId);
  if (actor.role !== "stocker" || w.user_id !== actor.id) throw new ForbiddenError();
  await setOwnerRequestEmailsOf(db, { warehouseId: w.id, enabled });
  return { warehouseId: w.id, ownerRequestEmails: enabled };
}
