// The specification catalogue in the back office: list, create, edit and hide.
// Rules: cat_id and value are required; the category of an existing value does
// not change (the edit form shows it disabled: warehouses and requests chose it in that group);
// hiding flips `hidden`, which takes the value out of the search filters and the warehouse
// forms while the warehouses that have it keep it (decision 007). Every change is audited in
// its own transaction, and the map search's copy of the visible catalogue is dropped after it.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { auditAdminAction, changedFields } from "../audit/audit.ts";
import { forgetVisibleSpecifications } from "../search/search.service.ts";
import type { SpecificationInput, SpecificationTexts } from "../../schemas/specification.ts";
import * as q from "./specifications.queries.ts";

export type AdminSpecification = {
  id: number;
  cat_id: number;
  value: string;
  value_en: string | null;
  description: string | null;
  description_en: string | null;
  hidden: boolean;
  cat: { id: number; name: string; name_en: string };
};

function requireAdmin(actor: Actor): void {
  if (actor.role !== "admin") throw new ForbiddenError();
}

/** GET /api/admin/specifications: one page (page counted from 0) and the total. */
export async function listSpecifications(
  db: Database,
  args: { search: string | null; catId: number | null; limit: number; page: number },
): Promise<{ specifications: AdminSpecification[]; specifications_count: number }> {
  const filters = { search: args.search, catId: args.catId };
  const [rows, count] = await Promise.all([
    q.specificationsPage(db, { ...filters, limit: args.limit, offset: args.page * args.limit }),
    q.countSpecifications(db, filters),
  ]);
  return {
    specifications: rows.map((r) => ({
      id: Number(r.id),
      cat_id: r.cat_id,
      value: r.value,
      value_en: r.value_en,
      description: r.description,
      description_en: r.description_en,
      hidden: r.hidden,
      cat: { id: r.cat_id, name: r.cat_name, name_en: r.cat_name_en },
    })),
    specifications_count: count,
  };
}

export const listSpecificationCategories = (db: Database) => q.listCategories(db);

/** The edit form's data. */
export async function specificationToEdit(db: Database, id: number) {
  const spec = await q.findSpecification(db, { id });
  if (!spec) throw new NotFoundError();
  return { ...spec, id: Number(spec.id) };
}

const auditable = (s: {
  cat_id: number;
  value: string;
  value_en: string | null;
  description: string | null;
  description_en: string | null;
  hidden: boolean;
}) => ({
  cat_id: s.cat_id,
  value: s.value,
  value_en: s.value_en,
  description: s.description,
  description_en: s.description_en,
  hidden: s.hidden,
});

export async function createSpecification(db: Database, actor: Actor, input: SpecificationInput): Promise<{ specification_id: number }> {
  requireAdmin(actor);
  const id = await db.transaction().execute(async (trx) => {
    if (!(await q.categoryExists(trx, { id: input.cat_id }))) throw new ValidationError({ cat_id: "invalid" });
    const newId = await q.insertSpecification(trx, input);
    await auditAdminAction(trx, actor, {
      action: "specification.create",
      entityType: "specification",
      entityId: newId,
      details: { before: null, after: auditable({ ...input, hidden: false }) },
    });
    return newId;
  });
  forgetVisibleSpecifications(db);
  return { specification_id: id };
}

export async function updateSpecification(db: Database, actor: Actor, id: number, texts: SpecificationTexts): Promise<{ specification_id: number }> {
  requireAdmin(actor);
  await db.transaction().execute(async (trx) => {
    const before = await q.findSpecification(trx, { id, lock: true });
    if (!before) throw new NotFoundError();
    await q.updateSpecificationTexts(trx, { id, texts });
    const after = { ...before, ...texts };
    await auditAdminAction(trx, actor, {
      action: "specification.update",
      entityType: "specification",
      entityId: id,
      details: { before: auditable(before), after: auditable(after), changes: changedFields(auditable(before), auditable(after)) },
    });
  });
  forgetVisibleSpecifications(db);
  return { specification_id: id };
}

/** POST …/toggle-hidden: sets the flag as sent (setting it to what it already is changes nothing and is not audited). */
export async function setSpecificationHidden(db: Database, actor: Actor, id: number, hidden: boolean): Promise<{ specification_id: number; hidden: boolean }> {
  requireAdmin(actor);
  await db.transaction().execute(async (trx) => {
    const before = await q.findSpecification(trx, { id, lock: true });
    if (!before) throw new NotFoundError();
    if (before.hidden === hidden) return;
    await q.setHidden(trx, { id, hidden });
    await auditAdminAction(trx, actor, {
      action: "specification.toggle_hidden",
      entityType: "specification",
      entityId: id,
      details: { before: { hidden: before.hidden }, after: { hidden } },
    });
  });
  forgetVisibleSpecifications(db);
  return { specification_id: id, hidden };
}
