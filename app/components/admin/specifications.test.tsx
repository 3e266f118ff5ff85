// The specification screens render what their loaders give them (static markup): the list's
// group filter with "Tutte le categorie", the active switches (active = not hidden), the empty
// text of an empty list, and the form's group select disabled on edit.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import AdminSpecifications from "../../routes/admin/specifications.tsx";
import { SpecificationForm } from "./SpecificationForm.tsx";

overwriteGetLocale(() => "it");

function render(element: ReactElement, path = "/admin/specifications"): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />);
}

const categories = [
  { id: 1, name: "Servizi aggiuntivi", name_en: "Additional services" },
  { id: 3, name: "Sicurezza", name_en: "Security" },
];
const row = (id: number, hidden: boolean) => ({
  id,
  cat_id: 3,
  value: `Allarme ${id}`,
  value_en: null,
  description: "Collegato alla vigilanza",
  description_en: null,
  hidden,
  cat: { id: 3, name: "Sicurezza", name_en: "Security" },
});

const listPage = (data: object) => {
  const props = { loaderData: data, params: {}, matches: [] } as unknown as Parameters<typeof AdminSpecifications>[0];
  return render(<AdminSpecifications {...props} />);
};

describe("/admin/specifications", () => {
  it("shows each row with its group, its switch and the link to its edit page", () => {
    const html = listPage({
      specifications: [row(4, false), row(5, true)],
      specifications_count: 2,
      categories,
      search: null,
      catId: 3,
      active: "no",
      order: { key: "title", dir: "asc" },
      page: 1,
      pages: 1,
    });
    expect(html).toContain("Tutte le categorie");
    expect(html).toContain('href="/admin/specifications/new"');
    expect(html).toContain('href="/admin/specifications/4/edit"');
    expect(html).toMatch(/<option value="3" selected="">Sicurezza<\/option>/);
    expect(html).toMatch(/role="switch" aria-checked="true" aria-label="Allarme 4: attiva"/);
    expect(html).toMatch(/role="switch" aria-checked="false" aria-label="Allarme 5: attiva"/);
    // A search keeps the group filter, the active one and the order.
    expect(html).toMatch(/<input type="hidden" name="cat_id" value="3"\/>/);
    expect(html).toMatch(/<input type="hidden" name="active" value="no"\/>/);
    expect(html).toMatch(/<input type="hidden" name="sort" value="title"\/>/);
    // The whole row opens the edit page (a real link), the switch above it; the columns sort; the list exports.
    expect(html).toMatch(/class="row-link[^"]*"[^>]*>Allarme 4/);
    expect(html).toContain('data-testid="sort-title"');
    expect(html).toContain('aria-sort="ascending"');
    expect(html).toMatch(/href="\/api\/admin\/export-specifications\?[^"]*format=xlsx"/);
  });

  it("says the empty list's text when nothing is found", () => {
    const html = listPage({
      specifications: [],
      specifications_count: 0,
      categories,
      search: "zzz",
      catId: null,
      active: "",
      order: { key: "group", dir: "asc" },
      page: 1,
      pages: 0,
    });
    expect(html).toContain("Non è stato trovato alcun magazzino, modifica i parametri di ricerca.");
  });
});

describe("SpecificationForm", () => {
  const initial = { cat_id: "3", value: "Allarme", value_en: "", description: "", description_en: "" };
  it("shows the group but does not let it change on edit", () => {
    const html = render(<SpecificationForm mode="edit" categories={categories} initial={initial} result={undefined} />);
    expect(html).toMatch(/<select[^>]* disabled=""/);
    const create = render(<SpecificationForm mode="create" categories={categories} initial={{ ...initial, cat_id: "" }} result={undefined} />);
    expect(create).not.toMatch(/<select[^>]* disabled=""/);
  });

  it("says which fields are missing with the spec's message", () => {
    const html = render(
      <SpecificationForm
        mode="create"
        categories={categories}
        initial={initial}
        result={{
          ok: false,
          intent: null,
          error: "invalid",
          message: "",
          errors: { cat_id: "required", value: "required" },
          values: { ...initial, cat_id: "", value: "" },
        }}
      />,
    );
    expect(html).toContain("Completa tutti i campi obbligatori");
    expect(html).toContain("Campo obbligatorio");
  });

  it("shows what was typed after a refusal, and a refusal about the whole form in its own words", () => {
    const refused = {
      ok: false as const,
      intent: null,
      error: "invalid",
      message: "",
      errors: { value: "required" },
      values: { value: "", value_en: "Cold room typed" },
    };
    const html = render(<SpecificationForm mode="create" categories={categories} initial={initial} result={refused} />);
    expect(html).toContain('value="Cold room typed"');
    const gone = { ok: false as const, intent: null, error: "not_found", message: "La risorsa non esiste più.", errors: {}, values: { value: "Nuovo" } };
    expect(render(<SpecificationForm mode="edit" categories={categories} initial={initial} result={gone} />)).toContain("La risorsa non esiste più.");
  });
});
