// The CRM's create and edit popup: date and event type required; a client
// unless a warehouse is picked (searched with GET /api/admin/warehouses/search, type all, 750 ms
// after typing); the follow-up action field only while "follow-up" is ticked. Missing fields are
// said at once ("Completa tutti i campi obbligatori", the fields highlighted) and again by the
// page's action, which calls the same service as the JSON calls.
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { todayInItaly } from "../../lib/format.ts";
import { CRM_EVENT_TYPES, type CrmEventTypeName } from "../../lib/crm.ts";
import { PopupDialog } from "../ui/PopupDialog.tsx";
import { DateInput } from "../ui/DateInput.tsx";
import { SelectInput } from "../ui/SelectInput.tsx";
import { CheckboxInput, FormMessage, TextInput } from "../ui/fields.tsx";
import { buttonClass, labelClass } from "../ui/styles.ts";
import { useWarehouseSearch } from "../../lib/warehouse-search.ts";
import { SEARCH_DELAY_MS } from "./SearchBox.tsx";
import { WarehouseSearchInput } from "./WarehouseSearchInput.tsx";
import { WarehouseNameId } from "./WarehouseNameId.tsx";
import { CRM_EVENT_LABEL, CrmFollowUpState } from "./CrmLabels.tsx";

// Re-exported for the CRM page; the actions page imports them from CrmLabels.tsx, without the popup.
export { CRM_EVENT_LABEL, CrmFollowUpState };

export const crmEventOptions = () => CRM_EVENT_TYPES.map((value) => ({ value, label: CRM_EVENT_LABEL[value]() }));

/** The fields the page's action reports missing or wrong. */
export type CrmField = "date" | "event_type" | "client" | "warehouse_id";

const CRM_FIELDS: CrmField[] = ["date", "event_type", "client", "warehouse_id"];

/** What the page's action answers the popup (its own type is CrmSaveResult, with the action in routes/admin/crm.tsx). */
type Saved = PageActionResult<{ ok: true; intent: "create" | "update" }>;

/** What the edit popup starts from (a row of the list). */
export type CrmEditable = {
  id: number;
  date: string;
  event_type: CrmEventTypeName;
  client: string | null;
  contact: string | null;
  description: string | null;
  follow_up: 0 | 1;
  follow_up_action: string | null;
  follow_up_done: 0 | 1 | null;
  warehouse: { id: number; name: string; city: string } | null;
};

export type CrmOpened = { mode: "create" } | { mode: "edit"; entry: CrmEditable };

type PickedWarehouse = { id: number; name: string; city: string };

export function CrmEntryDialog({
  opened,
  onClose,
  onSaved,
}: {
  opened: CrmOpened | null;
  onClose: () => void;
  onSaved: (intent: "create" | "update") => void;
}) {
  const fetcher = useFetcher<Saved>();
  const { csrfToken } = useRootData();
  // What is shown stays while the popup closes; the answer is handled once.
  const [shown, setShown] = useState<CrmOpened | null>(opened);
  const handled = useRef<Saved | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<Set<CrmField>>(new Set());

  const editing = shown?.mode === "edit" ? shown.entry : null;
  const [date, setDate] = useState("");
  const [eventType, setEventType] = useState("");
  const [client, setClient] = useState("");
  const [warehouse, setWarehouse] = useState<PickedWarehouse | null>(null);
  const [followUp, setFollowUp] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setShown(opened);
    setError(null);
    setMissing(new Set());
    const entry = opened.mode === "edit" ? opened.entry : null;
    // A contact is most often logged the day it happens: a new entry starts on today (Italian time).
    setDate(entry?.date ?? todayInItaly());
    setEventType(entry?.event_type ?? "");
    setClient(entry?.client ?? "");
    setWarehouse(entry?.warehouse ?? null);
    setFollowUp(entry?.follow_up === 1);
    handled.current = fetcher.data ?? null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the popup opens again: the answer the fetcher holds then is the last one's
  }, [opened]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data || !shown) return;
    handled.current = fetcher.data;
    const result = fetcher.data;
    if (result.ok) {
      onSaved(result.intent);
      return;
    }
    const fields = CRM_FIELDS.filter((f) => f in result.errors);
    if (result.errors.warehouse_id === "not_found") {
      setMissing(new Set(["warehouse_id"]));
      setError(m.admcrm_error_warehouse());
    } else if (fields.length > 0) {
      setMissing(new Set(fields));
      setError(m.admcrm_required());
    } else setError(result.error === "not_found" ? m.admcrm_error_not_found() : m.admcrm_error_general());
  }, [fetcher.state, fetcher.data, shown, onSaved]);

  const clear = (field: CrmField) =>
    setMissing((old) => {
      if (!old.has(field)) return old;
      const next = new Set(old);
      next.delete(field);
      return next;
    });

  const pending = fetcher.state !== "idle";
  const required = m.admcrm_required();
  return (
    <PopupDialog
      id="crm-entry"
      title={editing ? m.admcrm_edit_title() : m.admcrm_new_title()}
      subtitle={editing ? ((editing.client || editing.warehouse?.name) ?? undefined) : undefined}
      isOpen={opened !== null}
      onClose={onClose}
      size="lg"
    >
      {shown && (
        <fetcher.Form
          method="post"
          noValidate
          className="space-y-4"
          data-testid="crm-entry-form"
          onSubmit={(event) => {
            // The form's rules (above), said at once without a round trip.
            const empty = new Set<CrmField>();
            if (!date) empty.add("date");
            if (!eventType) empty.add("event_type");
            if (!client.trim() && !warehouse) empty.add("client");
            if (empty.size > 0) {
              event.preventDefault();
              setMissing(empty);
              setError(required);
            }
          }}
        >
          <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
          <input type="hidden" name="intent" value={editing ? "update" : "create"} />
          {editing && <input type="hidden" name="crm_entry_id" value={editing.id} />}
          <input type="hidden" name="warehouse_id" value={warehouse?.id ?? ""} />
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <div className="grid gap-4 sm:grid-cols-2">
            <DateInput
              name="date"
              label={m.admcrm_field_date()}
              value={date}
              isRequired
              error={missing.has("date") ? required : null}
              onChange={(v) => {
                setDate(v);
                clear("date");
              }}
            />
            <SelectInput
              name="event_type"
              label={m.admcrm_field_type()}
              value={eventType}
              placeholder={m.admcrm_field_type_placeholder()}
              options={crmEventOptions()}
              isRequired
              error={missing.has("event_type") ? required : null}
              onChange={(v) => {
                setEventType(v);
                clear("event_type");
              }}
            />
          </div>
          <TextInput
            name="client"
            label={m.admcrm_field_client()}
            value={client}
            isRequired={!warehouse}
            description={m.admcrm_field_client_hint()}
            error={missing.has("client") ? required : null}
            onChange={(v) => {
              setClient(v);
              clear("client");
            }}
          />
          <CrmWarehousePicker
            value={warehouse}
            invalid={missing.has("warehouse_id")}
            onChange={(w) => {
              setWarehouse(w);
              clear("warehouse_id");
              if (w) clear("client");
            }}
          />
          <TextInput
            name="contact"
            label={m.admcrm_field_contact()}
            defaultValue={editing?.contact ?? ""}
            description={m.admcrm_field_contact_hint()}
            key={`contact-${editing?.id ?? "new"}`}
          />
          <TextInput
            name="description"
            label={m.admcrm_field_description()}
            defaultValue={editing?.description ?? ""}
            multiline
            rows={3}
            key={`description-${editing?.id ?? "new"}`}
          />
          <CheckboxInput name="follow_up" isSelected={followUp} onChange={setFollowUp}>
            {m.admcrm_field_follow_up()}
          </CheckboxInput>
          {followUp && (
            <div className="space-y-2 border-l-2 border-brand-200 pl-4">
              <TextInput
                name="follow_up_action"
                label={m.admcrm_field_action()}
                defaultValue={editing?.follow_up_action ?? ""}
                multiline
                rows={2}
                key={`action-${editing?.id ?? "new"}`}
              />
              {editing?.follow_up === 1 && editing.follow_up_done === 1 && <p className="text-xs text-slate-600">{m.admcrm_field_done_kept()}</p>}
            </div>
          )}
          <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
            <button type="button" onClick={onClose} className={buttonClass("secondary", "md")}>
              {m.admcrm_cancel()}
            </button>
            <button type="submit" disabled={pending} aria-busy={pending} className={buttonClass("primary", "md")}>
              {pending ? m.form_sending() : m.admcrm_save()}
            </button>
          </div>
        </fetcher.Form>
      )}
    </PopupDialog>
  );
}

type FoundWarehouse = { id: number; name: string; city: string; province: string; address: string };

/** The linked warehouse: the picked one with "Rimuovi", or a search (GET /api/admin/warehouses/search, every warehouse) fired 750 ms after typing. */
function CrmWarehousePicker({ value, onChange, invalid }: { value: PickedWarehouse | null; onChange: (w: PickedWarehouse | null) => void; invalid: boolean }) {
  const [term, setTerm] = useState("");
  // Nothing to search while a warehouse is picked, or before anything is typed.
  const { results, loading, failed } = useWarehouseSearch<FoundWarehouse>(
    value || !term.trim() ? null : { url: "/api/admin/warehouses/search", query: { type: "all", search_term: term.trim() }, delayMs: SEARCH_DELAY_MS },
  );

  if (value) {
    return (
      <div>
        <p className={labelClass}>{m.admcrm_wh_selected()}</p>
        <div
          className={`flex items-center justify-between gap-3 rounded-xl border px-4 py-3 text-sm ${invalid ? "border-red-400 bg-red-50/40" : "border-brand-200 bg-brand-50"}`}
          data-testid="crm-warehouse-picked"
        >
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">
              <WarehouseNameId name={value.name} id={value.id} />
            </span>
            {value.city && <span className="block text-slate-600">{value.city}</span>}
          </span>
          <button
            type="button"
            onClick={() => onChange(null)}
            aria-label={m.admcrm_wh_remove_label({ name: value.name })}
            className={buttonClass("secondary", "sm")}
          >
            {m.admcrm_wh_remove()}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <WarehouseSearchInput
        id="crm-warehouse-search"
        label={m.admcrm_wh_label()}
        labelClassName={labelClass}
        placeholder={m.admcrm_wh_search()}
        value={term}
        onChange={setTerm}
        invalid={invalid}
      />
      {failed && <FormMessage tone="error">{m.admcrm_error_general()}</FormMessage>}
      {loading && results === null && <p className="text-sm text-slate-600">{m.admcrm_wh_loading()}</p>}
      {results !== null &&
        (results.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-4 text-center text-sm text-slate-600" data-testid="crm-warehouses-empty">
            {m.admcrm_wh_empty()}
          </p>
        ) : (
          <ul
            className="max-h-56 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200"
            aria-busy={loading || undefined}
            data-testid="crm-warehouses"
          >
            {results.map((w) => (
              <li key={w.id} className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900">
                    <WarehouseNameId name={w.name} id={w.id} />
                  </span>
                  <span className="block text-slate-600">{[w.address, w.city, w.province ? `(${w.province})` : null].filter(Boolean).join(" ")}</span>
                </span>
                <button
                  type="button"
                  onClick={() => onChange({ id: w.id, name: w.name, city: w.city })}
                  aria-label={m.admcrm_wh_choose_label({ name: w.name })}
                  className={buttonClass("secondary", "sm", "shrink-0")}
                >
                  {m.admcrm_wh_choose()}
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
