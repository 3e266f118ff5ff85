// What the warehouse form edits, shared by the pages' loaders (which fill it from the
// database), the form component (which edits it) and the save call (which sends it as the
// spec's payload). Browser-safe: no server imports.
import { WEEKDAYS, type Weekday } from "./opening-hours.ts";
import { decimalText } from "./format.ts";
import type { SpaceFormRow } from "./spaces.ts";

/** The back office ("admin") or a warehouse's own people ("owner": the stocker and the referent). */
export type WarehouseFormKind = "admin" | "owner";

export const CONTACT_ROLES = ["0", "quote", "requests", "comm", "billing"] as const;
export type ContactRoleValue = (typeof CONTACT_ROLES)[number];
/** More contacts than this is not a warehouse's staff list. */
export const MAX_CONTACTS = 20;
/** The catalogue holds a few dozen values; more ids than this is not a form. */
export const MAX_SPECIFICATIONS = 300;
/** Photos of one warehouse. */
export const MAX_IMAGES = 20;

/** The form's sections, in order; the fields of each, as the payload names them. */
export const BASIC_FIELDS = ["name", "country", "address", "cap", "city", "province", "vat", "website", "fb_link", "ln_link", "telephone", "email"] as const;
export const AREA_FIELDS = ["total_m2", "m2", "m2_external", "m2_office", "height", "bays_number"] as const;
/** Never shown publicly (the sheet, the search, the comparison leave them out). */
export const COST_FIELDS = ["m2_cost", "m2_month", "m2_pallet", "handling_cost"] as const;
export type NumberField = (typeof AREA_FIELDS)[number] | (typeof COST_FIELDS)[number];

/** Required on every form, and the extra ones of the owners' forms. */
export const REQUIRED_FIELDS = ["name", "country", "address", "cap", "city", "province"] as const;
export const OWNER_REQUIRED_FIELDS = ["vat", "m2"] as const;

export function requiredFields(kind: WarehouseFormKind): readonly string[] {
  return kind === "admin" ? REQUIRED_FIELDS : [...REQUIRED_FIELDS, ...OWNER_REQUIRED_FIELDS];
}

/** The fields of a new warehouse created with a stocker's approval: the back office's required ones. */
export const NEW_WAREHOUSE_FIELDS = REQUIRED_FIELDS;

export type TextField = (typeof BASIC_FIELDS)[number];
export type NumericField = (typeof AREA_FIELDS)[number] | (typeof COST_FIELDS)[number];

/** The form's values as the inputs hold them: text, numbers in Italian notation as shown and typed ("1.500,5"). */
export type WarehouseFormValues = {
  data: Record<TextField, string> & Record<NumericField, string>;
  /** The pin; null until the address is found or the pin is placed. */
  position: { lat: number; lng: number } | null;
  contacts: { full_name: string; phone: string; email: string; role: ContactRoleValue }[];
  times: { [K in Weekday]: { open: boolean; from: string; to: string } };
  specifications: number[];
  /** The free space, one row per space (lib/spaces.ts). */
  spaces: SpaceFormRow[];
};

/** A specification category with every visible value, in catalogue order, in the page's language. */
export type CatalogueGroup = { cat_id: number; category: string; values: { id: number; value: string; description: string | null }[] };

/** A photo already stored. */
export type StoredImage = { id: number; src: string; thumb_src: string | null };

/** Everything a page passes to the form. */
export type WarehouseFormSetup = {
  kind: WarehouseFormKind;
  /** null: a new warehouse. */
  warehouseId: number | null;
  values: WarehouseFormValues;
  catalogue: CatalogueGroup[];
  images: StoredImage[];
  /** The owners' forms show the main e-mail but do not send it. */
  emailReadOnly: boolean;
  /** Where the save goes: the area's create or update call. */
  saveUrl: string;
  /** The area's upload call for a saved warehouse: `${uploadBase}/${id}/upload`. */
  uploadBase: string;
  /** Where the page goes once saved and uploaded: the area's warehouse list. */
  doneHref: string;
  mapStyleUrl: string;
};

export function emptyWarehouseForm(defaults: Partial<Record<TextField, string>> = {}): WarehouseFormValues {
  const data = Object.fromEntries([...BASIC_FIELDS, ...AREA_FIELDS, ...COST_FIELDS].map((f) => [f, ""])) as WarehouseFormValues["data"];
  Object.assign(data, { country: "Italia" }, defaults);
  return {
    data,
    position: null,
    contacts: [{ full_name: "", phone: "", email: "", role: "0" }],
    times: Object.fromEntries(WEEKDAYS.map((d) => [d, { open: true, from: "", to: "" }])) as WarehouseFormValues["times"],
    specifications: [],
    spaces: [],
  };
}

/**
 * The spec's payload (warehouse_data, contacts, warehouse_times, specifications, imgs_to_delete);
 * the save adds `spaces` (form-logic.ts buildSave, with lib/spaces.ts loaded on demand).
 */
export function toPayload(values: WarehouseFormValues, opts: { emailReadOnly: boolean; imgsToDelete?: number[] }) {
  const warehouse_data: Record<string, string | number | null> = {};
  for (const f of BASIC_FIELDS) warehouse_data[f] = values.data[f];
  if (opts.emailReadOnly) delete warehouse_data.email;
  for (const f of [...AREA_FIELDS, ...COST_FIELDS]) warehouse_data[f] = decimalText(values.data[f]); // "1.500,5" → "1500.5"; no number: left for the schema to refuse
  warehouse_data.lat = values.position?.lat ?? null;
  warehouse_data.lng = values.position?.lng ?? null;
  const warehouse_times: Record<string, string | boolean | null> = {};
  for (const d of WEEKDAYS) {
    const day = values.times[d];
    warehouse_times[`is_${d}_open`] = day.open;
    warehouse_times[`${d}_open_time`] = day.open && day.from ? day.from : null;
    warehouse_times[`${d}_close_time`] = day.open && day.to ? day.to : null;
  }
  return {
    warehouse_data,
    contacts: values.contacts,
    warehouse_times,
    specifications: values.specifications,
    ...(opts.imgsToDelete ? { imgs_to_delete: opts.imgsToDelete } : {}),
  };
}
