// Section 3: the warehouse's contacts (up to MAX_CONTACTS), each with a role. A row without a
// full name is dropped on save by the schema.
import { useEffect, useRef } from "react";
import { MAX_CONTACTS, type ContactRoleValue, type WarehouseFormValues } from "../../lib/warehouse-form.ts";
import { TextInput } from "../ui/fields.tsx";
import { m } from "../../paraglide/messages.js";
import { CloseIcon } from "../ui/PopupDialog.tsx";
import { SelectInput } from "../ui/SelectInput.tsx";
import { buttonClass } from "../ui/styles.ts";
import { FormSection, GroupError } from "./FormParts.tsx";

type Contact = WarehouseFormValues["contacts"][number];

export const EMPTY_CONTACT: Contact = { full_name: "", phone: "", email: "", role: "0" };

/** The roles a contact can have, "0" (none) being the select's empty choice. */
function roleOptions(): { value: Exclude<ContactRoleValue, "0">; label: string }[] {
  return [
    { value: "quote", label: m.wf_contact_role_quote() },
    { value: "requests", label: m.wf_contact_role_requests() },
    { value: "comm", label: m.wf_contact_role_comm() },
    { value: "billing", label: m.wf_contact_role_billing() },
  ];
}

export function ContactsSection({
  contacts,
  onEdit,
  onAdd,
  onRemove,
  errorOf,
}: {
  contacts: Contact[];
  onEdit: (index: number, patch: Partial<Contact>) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
  errorOf: (field: string) => string | null;
}) {
  const options = roleOptions();
  const set = onEdit;
  const full = contacts.length >= MAX_CONTACTS;
  const listRef = useRef<HTMLOListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // After adding, the new row's name takes the focus; after removing, the add button does.
  const focusAfter = useRef<"added" | "removed" | null>(null);
  useEffect(() => {
    const what = focusAfter.current;
    focusAfter.current = null;
    if (what === "added") listRef.current?.querySelector<HTMLInputElement>(`input[name="contacts.${contacts.length - 1}.full_name"]`)?.focus();
    else if (what === "removed") addRef.current?.focus();
  }, [contacts.length]);
  const add = () => {
    focusAfter.current = "added";
    onAdd();
  };
  const remove = (index: number) => {
    focusAfter.current = "removed";
    onRemove(index);
  };
  return (
    <FormSection id="wf-contacts" title={m.wf_section_contacts()} description={m.wf_contacts_hint()} testId="wf-section-contacts">
      {contacts.length === 0 && <p className="text-sm text-slate-500">{m.wf_contacts_none()}</p>}
      <ol ref={listRef} className="space-y-3">
        {contacts.map((contact, i) => {
          const rowName = contact.full_name.trim()
            ? m.wf_contact_row_named({ number: i + 1, name: contact.full_name.trim() })
            : m.wf_contact_row({ number: i + 1 });
          return (
            // Rows have no id of their own; the index is their identity while the form lives.
            <li key={i} className="rounded-xl border border-slate-200 bg-slate-50/60 p-3 sm:p-4" aria-label={rowName} data-testid="contact-row">
              <div className="mb-2 flex items-center justify-between gap-3">
                <p className="text-sm font-semibold text-slate-700">{m.wf_contact_row({ number: i + 1 })}</p>
                <button
                  type="button"
                  aria-label={m.wf_contact_remove({ row: rowName })}
                  onClick={() => remove(i)}
                  className={buttonClass("ghost", "sm", "-mr-2 min-w-11 text-slate-600")}
                >
                  <CloseIcon className="h-4 w-4" />
                  <span className="hidden sm:inline" aria-hidden="true">
                    {m.wf_remove()}
                  </span>
                </button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextInput
                  name={`contacts.${i}.full_name`}
                  label={m.wf_contact_full_name()}
                  autoComplete="off"
                  value={contact.full_name}
                  onChange={(v) => set(i, { full_name: v })}
                  error={errorOf(`contacts.${i}.full_name`)}
                />
                <SelectInput
                  name={`contacts.${i}.role`}
                  label={m.wf_contact_role()}
                  value={contact.role === "0" ? "" : contact.role}
                  onChange={(v) => set(i, { role: (v || "0") as ContactRoleValue })}
                  options={options}
                  placeholder={m.wf_contact_role_none()}
                  error={errorOf(`contacts.${i}.role`)}
                />
                <TextInput
                  name={`contacts.${i}.phone`}
                  label={m.wf_contact_phone()}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  value={contact.phone}
                  onChange={(v) => set(i, { phone: v })}
                  error={errorOf(`contacts.${i}.phone`)}
                />
                <TextInput
                  name={`contacts.${i}.email`}
                  label={m.wf_contact_email()}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  value={contact.email}
                  onChange={(v) => set(i, { email: v })}
                  error={errorOf(`contacts.${i}.email`)}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <GroupError id="wf-contacts-error">{errorOf("contacts")}</GroupError>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" ref={addRef} onClick={add} disabled={full} className={buttonClass("secondary", "sm")}>
          <span aria-hidden="true">+</span>
          {m.wf_contact_add()}
        </button>
        {full && <p className="text-sm text-slate-600">{m.wf_contacts_max({ max: MAX_CONTACTS })}</p>}
      </div>
    </FormSection>
  );
}
