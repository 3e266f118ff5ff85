// /admin/specifications: the specification catalogue, group by group, 20 a page (?page=),
// searchable (?search=, title or description in either language) and filtered by group
// (?cat_id=, "Tutte le categorie" when absent). Each row opens its edit page; its switch
// (active = not hidden) posts to this page's action, the same service as
// POST /api/admin/specifications/{id}/toggle-hidden.
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/specifications";
import { z } from "zod";
import { pageAction, pageLoader } from "../../server/http/page.ts";
import { listSpecificationCategories, listSpecifications, setSpecificationHidden } from "../../server/specifications/specifications.service.ts";
import { specificationsQuery, specificationToggleSchema } from "../../schemas/specification.ts";
import { idNumber } from "../../schemas/common.ts";
import { m } from "../../paraglide/messages.js";
import { formatNumber } from "../../lib/format.ts";
import { pageCount } from "../../lib/pagination.ts";
import { SPECIFICATIONS_PAGE_SIZE } from "../../lib/list-params.ts";
import { Pagination } from "../../components/ui/Pagination.tsx";
import { buttonClass } from "../../components/ui/styles.ts";
import { AdminTable } from "../../components/admin/AdminList.tsx";
import { EmptyState, PageHeading } from "../../components/ui/PageParts.tsx";
import { SearchBox } from "../../components/admin/SearchBox.tsx";
import { FilterSelect } from "../../components/admin/FilterSelect.tsx";
import { ActiveToggle } from "../../components/admin/ActiveToggle.tsx";

// The URL's names for GET /api/admin/specifications's query.
const URL_NAMES = { search: "search_term", cat_id: "filters.cat_id", page: "offset" };

export const loader = pageLoader({ access: ["admin"], query: specificationsQuery, urlNames: URL_NAMES }, async ({ query, services }) => {
  const search = query.search_term ?? null;
  const catId = typeof query.filters?.cat_id === "number" ? query.filters.cat_id : null;
  const offset = query.offset ?? 0;
  const [list, categories] = await Promise.all([
    listSpecifications(services.db, { search, catId, limit: SPECIFICATIONS_PAGE_SIZE, page: offset }),
    listSpecificationCategories(services.db),
  ]);
  return { ...list, categories, search, catId, page: offset + 1, pages: pageCount(list.specifications_count, SPECIFICATIONS_PAGE_SIZE) };
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
          <SearchBox
            name="search"
            value={search ?? ""}
            label={m.admspec_search()}
            buttonLabel={m.admspec_search_button()}
            keep={{ cat_id: catId === null ? null : String(catId) }}
          />
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
            <tr
              key={s.id}
              className="cursor-pointer align-top hover:bg-slate-50"
              onClick={() => navigate(editHref(s.id))}
              data-testid={`specification-${s.id}`}
            >
              <td data-label={m.admspec_col_category()} className="px-4 py-3 whitespace-nowrap text-slate-600">
                {s.cat.name}
              </td>
              <td data-label={m.admspec_col_title()} className="px-4 py-3">
                <Link
                  to={editHref(s.id)}
                  className="font-semibold text-brand-700 hover:underline"
                  aria-label={m.admspec_edit_link({ value: s.value })}
                  onClick={(event) => event.stopPropagation()}
                >
                  {s.value}
                </Link>
                {s.value_en && <div className="text-xs text-slate-500">{s.value_en}</div>}
                {s.hidden && <div className="mt-0.5 text-xs font-medium text-slate-500">{m.admspec_inactive()}</div>}
              </td>
              <td data-label={m.admspec_col_description()} className="hidden max-w-md px-4 py-3 text-slate-600 md:table-cell">
                {s.description ?? "—"}
              </td>
              <td data-label={m.admspec_col_active()} className="px-4 py-3 text-right" onClick={(event) => event.stopPropagation()}>
                <ActiveToggle
                  isOn={!s.hidden}
                  label={m.admspec_toggle_label({ value: s.value })}
                  fields={(next) => ({ intent: "toggle", id: String(s.id), "specification_data[hidden]": next ? "0" : "1" })}
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
