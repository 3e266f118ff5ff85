// The warehouse page's availability panel: its free spaces edited without the whole form, posted
// to the page's own action (spacesPageAction: the rows as `spaces[0][quantity]`…, the price in
// euros as typed), so it works before hydration; once hydrated through a fetcher, which keeps the
// rows as typed and marks each row's errors when the save is refused, and shows the saved rows
// when it is not. The JSON twin is POST /api/{area}/warehouses/{id}/update-spaces.
import { lazy, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import { formatDate, todayInItaly } from "../../lib/format.ts";
import { EMPTY_SPACE_ROW, settledByEdit, spaceFormRow, withoutRowErrors, type SpaceFormRow, type SpaceValue } from "../../lib/spaces.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { FormMessage } from "../ui/fields.tsx";
import { buttonClass } from "../ui/styles.ts";

// The rows (with the date fields) are their own chunk, outside the page's first load (the
// JavaScript budget). Without a Suspense boundary the server still writes them into its first
// answer, so the panel works before hydration; the browser asks for the chunk as this module runs.
const loadSpacesFields = () => import("../warehouse-form/SpacesFields.tsx");
const SpacesFields = lazy(() => loadSpacesFields().then((module) => ({ default: module.SpacesFields })));
if (typeof window !== "undefined") void loadSpacesFields();

export type SpacesSaved = { ok: true; intent: "spaces"; spaces: SpaceValue[] };

export function AvailabilityPanel({ spaces, updatedAt }: { spaces: SpaceValue[]; updatedAt: Date | string | null }) {
  const fetcher = useFetcher<PageActionResult<SpacesSaved>>();
  const { csrfToken } = useRootData();
  const [rows, setRows] = useState<SpaceFormRow[]>(() => spaces.map(spaceFormRow));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<"idle" | "saved" | "failed">("idle");
  const [message, setMessage] = useState<string | null>(null);
  const [today] = useState(() => todayInItaly());
  const busy = fetcher.state !== "idle";

  // The action's answer: the saved rows, or the errors on the rows as typed.
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data) return;
    if (data.ok) {
      setRows(data.spaces.map(spaceFormRow));
      setErrors({});
      setStatus("saved");
      setMessage(null);
    } else {
      setErrors(data.errors);
      setStatus("failed");
      setMessage(Object.keys(data.errors).length ? m.sp_panel_error() : data.message);
    }
  }, [fetcher.state, fetcher.data]);

  const edited = () => status !== "idle" && setStatus("idle");
  return (
    <section
      id="availability"
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby="availability-title"
      data-testid="availability-panel"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h2 id="availability-title" className="text-lg font-semibold text-slate-900">
          {m.sp_panel_title()}
        </h2>
        <p className="text-sm text-slate-600" data-testid="availability-updated">
          {updatedAt ? m.sp_panel_updated({ date: formatDate(updatedAt) }) : m.sp_panel_never()}
        </p>
      </div>
      <p className="mt-1 text-sm text-slate-600">{m.sp_panel_hint()}</p>
      <fetcher.Form method="post" noValidate className="mt-4">
        <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
        <input type="hidden" name="intent" value="spaces" />
        <SpacesFields
          rows={rows}
          today={today}
          testId="availability"
          errorOf={(field) => errors[field]}
          nameOf={(i, field) => `spaces[${i}][${field}]`}
          onEdit={(index, patch) => {
            edited();
            setRows((list) => list.map((row, i) => (i === index ? { ...row, ...patch } : row)));
            const touched = settledByEdit(index, patch);
            setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !touched.includes(f))));
          }}
          onAdd={() => {
            edited();
            setRows((list) => [...list, { ...EMPTY_SPACE_ROW, available_from: today }]);
          }}
          onRemove={(index) => {
            edited();
            setRows((list) => list.filter((_, i) => i !== index));
            setErrors((e) => withoutRowErrors(e, "spaces", index));
          }}
        />
        <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
          <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass("primary", "md")} data-testid="availability-save">
            {busy ? m.form_sending() : m.sp_panel_save()}
          </button>
          <p role="status" aria-live="polite" className="text-sm text-emerald-800 empty:hidden" data-testid="availability-status">
            {status === "saved" ? m.sp_panel_saved() : ""}
          </p>
        </div>
        {status === "failed" && message && (
          <div className="mt-3">
            <FormMessage tone="error">{message}</FormMessage>
          </div>
        )}
      </fetcher.Form>
    </section>
  );
}
