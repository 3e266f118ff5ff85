// /admin/specifications: the specification catalogue, group by group unless sorted by title or
// active (?sort=&dir=), 20 a page (?page=), searchable (?search=, title or description in either
// language) and filtered by group (?cat_id=, "Tutte le categorie" when absent) and by active or
// hidden (?active=yes|no), with the CSV or XLSX export of the same selection in the same order
// (GET /api/admin/export-specifications). The whole row opens its edit page (the title is the
// link); its switch (active = not hidden, above the row's link) posts to this page's action, the
// same service as POST /api/admin/specifications/{id}/toggle-hidden.
import { Link } from "react-router";
import type { Route } from "./+types/specifications";
import { z } from "zod";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { listSpecificationCategories, listSpecifications, setSpecificationHidden } from "../../server/specifications/specifications.service.ts";
import { specificationsQuery, specificationToggleSchema } from "../../schemas/specification.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { SPECIFICATIONS_ORDER, SPECIFICATIONS_PAGE_SIZE, SPECIFICATIONS_URL_NAMES } from "../../lib/list-params.ts";
import { orderKept, YES_NO } from "../../lib/admin-lists.ts";
import { specificationsSelection } from "../shared/admin-lists.server.ts";
import { ExportLinks } from "../../components/admin/ExportLinks.tsx";
import { sortableColumn } from "../../components/admin/SortLink.tsx";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { SearchBox } from "../../components/admin/SearchBox.tsx";
import { FilterSelect } from "../../components/admin/FilterSelect.tsx";
import { ActiveToggle } from "../../components/admin/ActiveToggle.tsx";

export const loader = pageLoader({ access: ["admin"], query: specificationsQuery, urlNames: SPECIFICATIONS_URL_NAMES }, async ({ query, services }) => {
  const { filters, order } = specificationsSelection(query);
  const offset = query.offset ?? 0;
  const [list, categories] = await Promise.all([
    listSpecifications(services.db, { ...filters, order, limit: SPECIFICATIONS_PAGE_SIZE, page: offset }),
    listSpecificationCategories(services.db),
  ]);
  return {
    ...list,
    categories,
    search: filters.search,
    catId: filters.catId,
    active: query.filters?.active ?? "",
    order,
    page: offset + 1,
    pages: pageCount(list.specifications_count, SPECIFICATIONS_PAGE_SIZE),
  };
});

export function meta() {
  return [{ title: m.page_title({ title: m.admspec_title() }) }, { name: "robots", content: "noindex" }];
}

/** A row's switch: the body of POST /api/admin/specifications/{id}/toggle-hidden, with the specification's id. */
export const action = pageAction(
  { access: ["admin"], body: specificationToggleSchema.extend({ intent: z.literal("toggle"), id: idNumber }) },
  async ({ actor, body, services }) => {
    await setSpecificationHidden(services.db, actor, body.id, body.specification_data.hidden);
    return { ok: true as const };
  },
);

export default function AdminSpecifications({ loaderData }: Route.ComponentProps) {
  const { specifications, specifications_count, categories, search, catId, active, order, page, pages } = loaderData;
  const editHref = (id: number) => `/admin/specifications/${id}/edit`;
  const sorted = (key: (typeof SPECIFICATIONS_ORDER.keys)[number], label: string, className?: string) =>
    sortableColumn(SPECIFICATIONS_ORDER, order, key, label, className);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PageHeading
        title={m.admspec_title()}
        intro={`${m.admspec_count({ count: formatNumber(specifications_count) })} · ${m.admspec_intro()}`}
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportLinks endpoint="/api/admin/export-specifications" urlNames={SPECIFICATIONS_URL_NAMES} testId="specifications-export" />
            <Link to="/admin/specifications/new" className={buttonClass("primary", "md")} data-testid="specification-add">
              {m.admspec_add()}
            </Link>
          </div>
        }
      />
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <div className="min-w-64 flex-1">
          <SearchBox
            name="search"
            value={search ?? ""}
            label={m.admspec_search()}
            buttonLabel={m.admspec_search_button()}
            keep={{ cat_id: catId === null ? null : String(catId), active: active || null, ...orderKept(SPECIFICATIONS_ORDER, order) }}
          />
        </div>
        <FilterSelect
          name="cat_id"
          value={catId === null ? "" : String(catId)}
          label={m.admspec_filter_category()}
          buttonLabel={m.admspec_filter_apply()}
          options={[{ value: "", label: m.admspec_all_categories() }, ...categories.map((c) => ({ value: String(c.id), label: c.name }))]}
        />
        <FilterSelect
          name="active"
          value={active}
          label={m.admspec_filter_active()}
          buttonLabel={m.admspec_filter_apply()}
          options={[
            { value: "", label: m.admspec_filter_any() },
            ...YES_NO.map((value) => ({ value, label: value === "yes" ? m.admspec_filter_active_yes() : m.admspec_filter_active_no() })),
          ]}
        />
      </div>
      {specifications.length === 0 ? (
        <EmptyState title={m.admspec_empty()} testId="specifications-empty" className="mt-8" />
      ) : (
        <AdminTable
          testId="admin-specifications"
          columns={[
            sorted("group", m.admspec_col_category()),
            sorted("title", m.admspec_col_title()),
            { label: m.admspec_col_description(), className: "hidden md:table-cell" },
            sorted("active", m.admspec_col_active(), "text-right"),
          ]}
        >
          {specifications.map((s) => (
            // The whole row opens the edit page: the title's link stretches over it (.row-link).
            <tr key={s.id} className="align-top" data-testid={`specification-${s.id}`}>
              <td data-label={m.admspec_col_category()} className="px-4 py-3 whitespace-nowrap text-slate-600">
                {s.cat.name}
              </td>
              <td data-label={m.admspec_col_title()} className="px-4 py-3">
                <Link
                  to={editHref(s.id)}
                  className="row-link min-w-11 font-semibold text-brand-700 hover:underline"
                  aria-label={m.admspec_edit_link({ value: s.value })}
                >
                  {s.value}
                </Link>
                {s.value_en && <div className="text-xs text-slate-500">{s.value_en}</div>}
                {s.hidden && <div className="mt-0.5 text-xs font-medium text-slate-500">{m.admspec_inactive()}</div>}
              </td>
              <td data-label={m.admspec_col_description()} className="hidden max-w-md px-4 py-3 text-slate-600 md:table-cell">
                {s.description ?? "—"}
              </td>
              <td data-label={m.admspec_col_active()} className="px-4 py-3 text-right">
                <div className="relative z-10 ml-auto w-fit">
                  <ActiveToggle
                    isOn={!s.hidden}
                    label={m.admspec_toggle_label({ value: s.value })}
                    fields={(next) => ({ intent: "toggle", id: String(s.id), "specification_data[hidden]": next ? "0" : "1" })}
                    errorText={m.admspec_toggle_error()}
                    testId={`specification-toggle-${s.id}`}
                  />
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination page={page} pages={pages} />
    </div>
  );
}
