// Section 6: the catalogue's values as checkboxes, one group per category. A group of more than
// 5 values shows its first 5 and a show-all / hide toggle (open from the start when a ticked
// value is beyond them); a ticked value the collapse hides stays ticked (the form's list holds
// it), and the heading counts the ticked ones.
import { useId, useState } from "react";
import type { CatalogueGroup } from "../../lib/warehouse-form.ts";
import { m } from "../../paraglide/messages.js";
import { CheckboxInput } from "../ui/fields.tsx";
import { standaloneLinkClass } from "../ui/styles.ts";
import { FormSection, GroupError } from "./FormParts.tsx";
import { isCollapsible, selectedInGroup, visibleSpecValues } from "./form-logic.ts";

export function SpecificationsSection({
  catalogue,
  selected,
  onToggle,
  error,
}: {
  catalogue: CatalogueGroup[];
  selected: number[];
  onToggle: (id: number, on: boolean) => void;
  error: string | null;
}) {
  return (
    <FormSection id="wf-specs" title={m.wf_section_specifications()} testId="wf-section-specifications">
      {catalogue.length === 0 ? (
        <p className="text-sm text-slate-500">{m.wf_specs_none()}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {catalogue.map((group) => (
            <SpecGroup key={group.cat_id} group={group} selected={selected} onToggle={onToggle} />
          ))}
        </div>
      )}
      <GroupError id="wf-specs-error">{error}</GroupError>
    </FormSection>
  );
}

export function SpecGroup({ group, selected, onToggle }: { group: CatalogueGroup; selected: number[]; onToggle: (id: number, on: boolean) => void }) {
  const count = selectedInGroup(group.values, selected);
  // A warehouse's ticked values are what its listing says: a group that would hide some of them
  // opens in full, so an owner sees every one without looking for it.
  const [expanded, setExpanded] = useState(() => selectedInGroup(visibleSpecValues(group.values, false), selected) < count);
  const listId = useId();
  const ticked = new Set(selected);
  const shown = visibleSpecValues(group.values, expanded);
  const hiddenTicked = count - selectedInGroup(shown, selected);
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4" data-testid={`wf-spec-group-${group.cat_id}`}>
      <legend className="sr-only">{count > 0 ? `${group.category}, ${m.wf_specs_selected({ count })}` : group.category}</legend>
      <div className="flex items-baseline justify-between gap-3" aria-hidden="true">
        <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{group.category}</h3>
        {count > 0 && (
          <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{m.wf_specs_selected({ count })}</span>
        )}
      </div>
      <div id={listId} className="mt-3 space-y-2.5">
        {shown.map((spec) => (
          <CheckboxInput key={spec.id} name={`spec-${spec.id}`} isSelected={ticked.has(spec.id)} onChange={(on) => onToggle(spec.id, on)}>
            <span className="text-slate-800">{spec.value}</span>
            {spec.description && <span className="block text-xs text-slate-500">{spec.description}</span>}
          </CheckboxInput>
        ))}
      </div>
      {isCollapsible(group.values.length) && (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((v) => !v)}
            className={`${standaloneLinkClass} min-w-11 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
          >
            {expanded ? m.wf_specs_hide() : m.wf_specs_show_all()}
          </button>
          {!expanded && hiddenTicked > 0 && <span className="text-xs text-slate-500">{m.wf_specs_hidden_selected({ count: hiddenTicked })}</span>}
        </div>
      )}
    </fieldset>
  );
}
