// The warehouse form: one schema for the create and update calls of every area (admin,
// stocker, referent), the page form in the browser, and the server, which has the last word.
// The payload is the spec's: warehouse_data, contacts, warehouse_times, specifications (ids)
// and, on update, imgs_to_delete (ids). lat and lng in warehouse_data are ours: the search
// needs a position, which the owner places on the form's map; so is `spaces`, the free space
// (schemas/spaces.ts: on update a missing key leaves the stored spaces as they are).
//
// Who fills it in decides what is required: the back office
// requires name, country, address, cap, city and province; the stocker's and the referent's
// forms also vat and m2.
import { z } from "zod";
import { email, flag, idNumber, numberFromText, optionalText, requiredText, TELEPHONE_PATTERN, telephoneText, websiteText } from "./common.ts";
import { WEEKDAYS, type Weekday } from "../lib/opening-hours.ts";
import { ITALY_BOUNDS } from "../lib/map.ts";
import { optionalSpacesSchema, spacesSchema } from "./spaces.ts";
// The form's rows → the payload's spaces, for the save that loads this module on demand (form-logic.ts).
export { spacePayload } from "../lib/spaces.ts";
import {
  type WarehouseFormKind,
  CONTACT_ROLES,
  type ContactRoleValue,
  MAX_CONTACTS,
  MAX_SPECIFICATIONS,
  MAX_IMAGES,
  BASIC_FIELDS,
  AREA_FIELDS,
  COST_FIELDS,
  type NumberField,
  REQUIRED_FIELDS,
  OWNER_REQUIRED_FIELDS,
  requiredFields,
} from "../lib/warehouse-form.ts";

// The form's fields and limits live in lib/warehouse-form.ts, which the form's page loads without
// the validation library; re-exported for the server's modules.
export {
  type WarehouseFormKind,
  CONTACT_ROLES,
  type ContactRoleValue,
  MAX_CONTACTS,
  MAX_SPECIFICATIONS,
  MAX_IMAGES,
  BASIC_FIELDS,
  AREA_FIELDS,
  COST_FIELDS,
  type NumberField,
  REQUIRED_FIELDS,
  OWNER_REQUIRED_FIELDS,
  requiredFields,
};

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);

/** An optional number of 0 or more from a form or JSON: blank → null. */
const amount = (max: number, opts: { int?: boolean } = {}) =>
  z.preprocess((v) => numberFromText(blankToNull(v)), (opts.int ? z.number().int() : z.number()).min(0).max(max).nullable());

// The limits are the columns' (numeric(12, 2), numeric(6, 2), int).
const NUMBER_LIMITS: Record<NumberField, { max: number; int?: boolean }> = {
  total_m2: { max: 9_999_999_999 },
  m2: { max: 9_999_999_999 },
  m2_external: { max: 9_999_999_999 },
  m2_office: { max: 9_999_999_999 },
  height: { max: 9_999 },
  bays_number: { max: 1_000_000, int: true },
  m2_cost: { max: 9_999_999_999 },
  m2_month: { max: 9_999_999_999 },
  m2_pallet: { max: 9_999_999_999 },
  handling_cost: { max: 9_999_999_999 },
};

const coordinate = (min: number, max: number) =>
  z.preprocess((v) => numberFromText(blankToNull(v)), z.number().nullable()).refine((v) => v === null || (v >= min && v <= max), "outside_italy");

const optionalEmail = z.preprocess(blankToNull, email.nullable());

function warehouseDataSchema(kind: WarehouseFormKind) {
  const owner = kind === "owner";
  return z
    .object({
      name: requiredText(255),
      country: requiredText(100),
      address: requiredText(255),
      cap: requiredText(20),
      city: requiredText(100),
      province: requiredText(100),
      vat: owner ? requiredText(40) : optionalText(40),
      website: websiteText,
      fb_link: websiteText,
      ln_link: websiteText,
      telephone: telephoneText,
      /** Read-only in the owners' forms: the server keeps the stored one. */
      email: optionalEmail,
      total_m2: amount(NUMBER_LIMITS.total_m2.max),
      m2: owner ? amount(NUMBER_LIMITS.m2.max).refine((v) => v !== null, "required") : amount(NUMBER_LIMITS.m2.max),
      m2_external: amount(NUMBER_LIMITS.m2_external.max),
      m2_office: amount(NUMBER_LIMITS.m2_office.max),
      height: amount(NUMBER_LIMITS.height.max),
      bays_number: amount(NUMBER_LIMITS.bays_number.max, { int: true }),
      m2_cost: amount(NUMBER_LIMITS.m2_cost.max),
      m2_month: amount(NUMBER_LIMITS.m2_month.max),
      m2_pallet: amount(NUMBER_LIMITS.m2_pallet.max),
      handling_cost: amount(NUMBER_LIMITS.handling_cost.max),
      /** The pin on the form's map. Absent: the server places it from the address. */
      lat: coordinate(ITALY_BOUNDS.minLat, ITALY_BOUNDS.maxLat),
      lng: coordinate(ITALY_BOUNDS.minLng, ITALY_BOUNDS.maxLng),
    })
    .superRefine((data, ctx) => {
      if ((data.lat === null) !== (data.lng === null)) ctx.addIssue({ code: "custom", path: ["lat"], message: "invalid" });
    });
}

const contactSchema = z.object({
  full_name: requiredText(255),
  phone: telephoneText,
  email: optionalEmail,
  role: z.preprocess((v) => (v === "" || v === null || v === undefined ? "0" : v), z.enum(CONTACT_ROLES)),
});

const isNamed = (row: unknown) =>
  row !== null &&
  typeof row === "object" &&
  typeof (row as { full_name?: unknown }).full_name === "string" &&
  (row as { full_name: string }).full_name.trim() !== "";

/** Contacts without a full name are dropped on save (the spec), before anything else is checked. */
const contactsSchema = z.preprocess(
  (v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v.filter(isNamed) : v),
  z.array(contactSchema).max(MAX_CONTACTS),
);

/** 'HH:MM' (the form's time inputs), 00:00 to 23:59; blank → null. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = z.preprocess(
  (v) => (typeof v === "string" && /^\d\d:\d\d:\d\d$/.test(v) ? v.slice(0, 5) : blankToNull(v)),
  z.string().regex(TIME_PATTERN, "invalid").nullable(),
);
/** The opening toggle defaults to open (the spec). */
const openFlag = z.preprocess((v) => (v === undefined || v === null || v === "" ? true : v), flag);

type TimesShape = { [K in Weekday as `is_${K}_open`]: typeof openFlag } & { [K in Weekday as `${K}_open_time` | `${K}_close_time`]: typeof time };
const timesShape = Object.fromEntries(
  WEEKDAYS.flatMap((d) => [
    [`is_${d}_open`, openFlag],
    [`${d}_open_time`, time],
    [`${d}_close_time`, time],
  ]),
) as TimesShape;

export const warehouseTimesSchema = z
  .preprocess((v) => (v === undefined || v === null ? {} : v), z.object(timesShape))
  .superRefine((times, ctx) => {
    // One time without the other says nothing: both, or neither (open all day).
    for (const d of WEEKDAYS) {
      const open = times[`${d}_open_time`];
      const close = times[`${d}_close_time`];
      if (times[`is_${d}_open`] && (open === null) !== (close === null))
        ctx.addIssue({ code: "custom", path: [open === null ? `${d}_open_time` : `${d}_close_time`], message: "required" });
    }
  });

const idList = (max: number) =>
  z.preprocess((v) => (v === undefined || v === null || v === "" ? [] : v), z.array(idNumber).max(max)).transform((ids) => [...new Set(ids)]);

export function warehouseCreateSchema(kind: WarehouseFormKind) {
  return z.object({
    warehouse_data: warehouseDataSchema(kind),
    contacts: contactsSchema,
    warehouse_times: warehouseTimesSchema,
    specifications: idList(MAX_SPECIFICATIONS),
    spaces: spacesSchema,
  });
}

export function warehouseUpdateSchema(kind: WarehouseFormKind) {
  return warehouseCreateSchema(kind).extend({ imgs_to_delete: idList(MAX_IMAGES * 5), spaces: optionalSpacesSchema });
}

export type WarehouseSaveInput = z.infer<ReturnType<typeof warehouseUpdateSchema>>;
export type WarehouseCreateInput = z.infer<ReturnType<typeof warehouseCreateSchema>>;
export type WarehouseData = WarehouseCreateInput["warehouse_data"];
export type WarehouseTimesInput = WarehouseCreateInput["warehouse_times"];
export type ContactInput = WarehouseCreateInput["contacts"][number];

/** The upload call's multipart fields: type 'thumb' (the spec) and the file, one per call. */
export const imageUploadSchema = z.object({
  type: z.literal("thumb"),
  file: z.instanceof(Blob, { message: "required" }),
});

// ------------------------------------------------------------------ referents

const requiredEmail = z.string().trim().min(1).pipe(email);
const requiredTelephone = requiredText(40).refine((v) => TELEPHONE_PATTERN.test(v), "invalid");

/** POST …/warehouses/{id}/create-referent: the new referent's account (role is always referent). */
export const createReferentSchema = z.object({
  user_data: z.object({
    first_name: requiredText(100),
    last_name: requiredText(100),
    email: requiredEmail,
    telephone: requiredTelephone,
    role: z.literal("referent").optional(),
  }),
});
export type CreateReferentInput = z.infer<typeof createReferentSchema>["user_data"];

/** POST …/warehouses/{id}/update-referent: one of the owner's referents for this warehouse. */
export const updateReferentSchema = z.object({
  warehouse_data: z.object({ referent_id: idNumber }),
});

/**
 * POST /api/stocker/warehouses/{id}/update-request-emails: whether the owner receives by e-mail
 * the quote requests its referent handles (true/false or 1/0; required).
 */
export const ownerRequestEmailsSchema = z.object({
  warehouse_data: z.object({ owner_request_emails: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1) }),
});
