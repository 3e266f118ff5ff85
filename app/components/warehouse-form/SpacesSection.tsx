// The warehouse form's free space: the rows of SpacesFields in a section of the form, sent as
// `spaces` with the rest of the warehouse (lib/warehouse-form.ts toPayload).
import { m } from "../../paraglide/messages.js";
import type { SpaceFormRow } from "../../lib/spaces.ts";
import { FormSection } from "./FormParts.tsx";
import { SpacesFields } from "./SpacesFields.tsx";

export function SpacesSection({
  rows,
  onEdit,
  onAdd,
  onRemove,
  errorOf,
  today,
}: {
  rows: SpaceFormRow[];
  onEdit: (index: number, patch: Partial<SpaceFormRow>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  errorOf: (field: string) => string | undefined;
  today: string;
}) {
  return (
    <FormSection id="wf-spaces" title={m.sp_section_title()} description={m.sp_section_hint()} testId="wf-section-spaces">
      <SpacesFields rows={rows} onEdit={onEdit} onAdd={onAdd} onRemove={onRemove} errorOf={errorOf} nameOf={(i, field) => `spaces.${i}.${field}`} today={today} testId="wf-spaces" />
    </FormSection>
  );
}
