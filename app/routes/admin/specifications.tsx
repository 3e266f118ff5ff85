// /admin/specifications: the specification catalogue, group by group, 20 a page (?page=),
// searchable (?search=, title or description in either language) and filtered by group
// (?cat_id=, "Tutte le categorie" when absent). Each row opens its edit page; its switch
// (active = not hidden) posts to this page's action, the same service as
// POST /api/admin/specifications/{id}/toggle-hidden.
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/specifications";
import { actorContext, servicesContext } from "../../server/context.ts";
import { requireRole } from "../../server/http/guard.ts";
import { pageWork } from "../../server/http/respond.ts";
import { readFormData } from "../../server/http/input.ts";
import { DomainError, NotFoundError } from "../../server/errors.ts";
import { listSpecificationCategories, listSpecifications, setSpecificationHidden } from "../../server/specifications/specifications.service.ts";
import { specificationCategoryId, specificationToggleSchema } from "../../schemas/specification.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { listParams, SPECIFICATIONS_PAGE_SIZE } from "../../lib/list-params.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { SearchBox } from "../../components/admin/SearchBox.tsx";
import { FilterSelect } from "../../components/admin/FilterSelect.tsx";
import { ActiveToggle, type ToggleResult } from "../../components/admin/ActiveToggle.tsx";

export async function loader({ request, context }: Route.LoaderArgs) {
  await pageWork(() => requireRole(context.get(actorContext), "admin"));
  const url = new URL(request.url);
  const { search, page } = listParams(url);
  const cat = specificationCategoryId.safeParse(url.searchParams.get("cat_id") ?? "");
  const catId = cat.success ? cat.data : null;
  const db = context.get(servicesContext).db;
  // The service counts pages from 0, like the JSON endpoint's offset; the URL from 1.
  const [list, categories] = await Promise.all([listSpecifications(db, { search, catId, limit: SPECIFICATIONS_PAGE_SIZE, page: page - 1 }), listSpecificationCategories(db)]);
  return { ...list, categories, search, catId, page, pages: pageCount(list.specifications_count, SPECIFICATIONS_PAGE_SIZE) };
}

export function meta() {
  return [{ title: m.page_title({ title: m.admspec_title() }) }, { name: "robots", content: "noindex" }];
}

export async function action({ request, context }: Route.ActionArgs): Promise<ToggleResult> {
  const actor = await pageWork(() => requireRole(context.get(actorContext), "admin"));
  const form = await pageWork(() => readFormData(request));
  const id = idNumber.safeParse(form.get("id"));
  const body = specificationToggleSchema.safeParse({ specification_data: { hidden: form.get("hidden") } });
  if (form.get("intent") !== "toggle" || !id.success || !body.success) return { ok: false, error: "invalid" };
  try {
    await setSpecificationHidden(context.get(servicesContext).db, actor, id.data, body.data.specification_data.hidden);
    return { ok: true };
  } catch (err) {
    if (err instanceof NotFoundError) return { ok: false, error: "not_found" };
    if (err instanceof DomainError) return { ok: false, error: err.code };
    throw err;
  }
}

export default function AdminSpecifications({ loaderData }: Route.ComponentProps) {
  const { specifications, specifications_count, categories, search, catId, page, pages } = loaderData;
  const navigate = useNavigate();
  const editHref = (id: number) => `/admin/specifications/${id}/edit`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admspec_title()}
        intro={`${m.admspec_count({ count: formatNumber(specifications_count) })} · ${m.admspec_intro()}`}
        actions={
          <Link to="/admin/specifications/new" className={buttonClass("primary", "md")} data-testid="specification-add">
            {m.admspec_add()}
          </Link>
        }
      />
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <div className="min-w-64 flex-1">
          <SearchBox name="search" value={search ?? ""} label={m.admspec_search()} buttonLabel={m.admspec_search_button()} keep={{ cat_id: catId === null ? null : String(catId) }} />
        </div>
        <FilterSelect
          name="cat_id"
          value={catId === null ? "" : String(catId)}
          label={m.admspec_filter_category()}
          buttonLabel={m.admspec_filter_apply()}
          options={[{ value: "", label: m.admspec_all_categories() }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
        />
      </div>
      {specifications.length === 0 ? (
        <EmptyState title={m.admspec_empty()} testId="specifications-empty" className="mt-8" />
      ) : (
        <AdminTable
          testId="admin-specifications"
          columns={[
            { label: m.admspec_col_category() },
            { label: m.admspec_col_title() },
            { label: m.admspec_col_description(), className: "hidden md:table-cell" },
            { label: m.admspec_col_active(), className: "text-right" },
          ]}
        >
          {specifications.map((s) => (
            // The whole row opens the edit page; the title is the link for the keyboard and before hydration.
            <tr key={s.id} className="cursor-pointer align-top hover:bg-slate-50" onClick={() => navigate(editHref(s.id))} data-testid={`specification-${s.id}`}>
              <td data-label={m.admspec_col_category()} className="px-4 py-3 whitespace-nowrap text-slate-600">{s.cat.name}</td>
              <td data-label={m.admspec_col_title()} className="px-4 py-3">
                <Link to={editHref(s.id)} className="font-semibold text-brand-700 hover:underline" aria-label={m.admspec_edit_link({ value: s.value })} onClick={(event) => event.stopPropagation()}>
                  {s.value}
                </Link>
                {s.value_en && <div className="text-xs text-slate-500">{s.value_en}</div>}
                {s.hidden && <div className="mt-0.5 text-xs font-medium text-slate-500">{m.admspec_inactive()}</div>}
              </td>
              <td data-label={m.admspec_col_description()} className="hidden max-w-md px-4 py-3 text-slate-600 md:table-cell">{s.description ?? "—"}</td>
              <td data-label={m.admspec_col_active()} className="px-4 py-3 text-right" onClick={(event) => event.stopPropagation()}>
                <ActiveToggle
                  isOn={!s.hidden}
                  label={m.admspec_toggle_label({ value: s.value })}
                  fields={(next) => ({ intent: "toggle", id: String(s.id), hidden: next ? "0" : "1" })}
                  errorText={m.admspec_toggle_error()}
                  testId={`specification-toggle-${s.id}`}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
