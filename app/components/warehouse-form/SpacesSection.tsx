// The warehouse form's free space: its section with the rows (SpacesFields' FormSpaces). The form
// loads it on demand (React.lazy, WarehouseForm.tsx), outside its first load (the JavaScript
// budget), so it draws FormSection's card itself instead of importing FormParts, which would
// otherwise be split into a chunk of its own. Sent as `spaces` with the rest of the warehouse
// (form-logic.ts buildSave).
import { useState } from "react";
import { m } from "../../paraglide/messages.js";
import { todayInItaly } from "../../lib/format.ts";
import type { SpaceFormRow } from "../../lib/spaces.ts";
import { FormSpaces } from "./SpacesFields.tsx";

type Errors = Record<string, string>;

export function SpacesSection(props: {
  rows: SpaceFormRow[];
  errors: Errors;
  onRows: (update: (rows: SpaceFormRow[]) => SpaceFormRow[]) => void;
  onErrors: (update: (errors: Errors) => Errors) => void;
}) {
  // Italy's day, for the rows' ended / current / upcoming marks.
  const [today] = useState(() => todayInItaly());
  return (
    <section aria-labelledby="wf-spaces-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="wf-section-spaces">
      <h2 id="wf-spaces-title" className="text-lg font-semibold text-slate-900">
        {m.sp_section_title()}
      </h2>
      <div className="mt-1 text-sm text-slate-600">{m.sp_section_hint()}</div>
      <div className="mt-4">
        <FormSpaces {...props} today={today} />
      </div>
    </section>
  );
}
