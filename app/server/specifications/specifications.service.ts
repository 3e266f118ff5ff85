// The specification catalogue in the back office: list (filtered, sorted, exported), create, edit and hide.
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
import type { ExportColumn } from "../http/table-export.ts";
import type { CsvCell } from "../http/csv.ts";
import type { ListOrder } from "../../lib/admin-lists.ts";
import { SPECIFICATIONS_ORDER, type SpecificationsOrderKey } from "../../lib/list-params.ts";
import * as q from "./specifications.queries.ts";

export type SpecificationsOrder = ListOrder<SpecificationsOrderKey>;
export type { SpecificationFilters } from "./specifications.queries.ts";

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
  args: q.SpecificationFilters & { order?: SpecificationsOrder; limit: number; page: number },
): Promise<{ specifications: AdminSpecification[]; specifications_count: number }> {
  const filters = { search: args.search, catId: args.catId, active: args.active };
  const [rows, count] = await Promise.all([
    q.specificationsPage(db, { ...filters, order: args.order, limit: args.limit, offset: args.page * args.limit }),
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

/** The specifications' export: what the list shows, both languages, the group and whether it is active. */
export const SPECIFICATIONS_EXPORT_COLUMNS: ExportColumn[] = [
  { header: "ID", type: "integer" },
  { header: "Categoria", type: "text", width: 20 },
  { header: "Titolo", type: "text", width: 30 },
  { header: "Titolo (inglese)", type: "text", width: 30 },
  { header: "Descrizione", type: "text", width: 50 },
  { header: "Descrizione (inglese)", type: "text", width: 50 },
  { header: "Attiva", type: "boolean" },
];

/** GET /api/admin/export-specifications: the specifications the list shows, in its order; audited as an export. */
export async function exportSpecifications(
  db: Database,
  actor: Actor,
  filters: q.SpecificationFilters,
  order: SpecificationsOrder = SPECIFICATIONS_ORDER.defaults,
): Promise<AsyncIterable<CsvCell[]>> {
  requireAdmin(actor);
  await db.transaction().execute((trx) =>
    auditAdminAction(trx, actor, {
      action: "specification.export",
      entityType: "specification",
      entityId: null,
      details: { search: filters.search, cat_id: filters.catId, active: filters.active ?? null, order: `${order.key} ${order.dir}` },
    }),
  );
  const rows = await q.specificationsForExport(db, { ...filters, order });
  return (async function* () {
    for (const r of rows) yield [Number(r.id), r.cat_name, r.value, r.value_en, r.description, r.description_en, !r.hidden];
  })();
}

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
