// The warehouse form's rules that need no screen: the payload and its check, where the save
// goes, the specification lists' collapse, the photo checks, the pin's moves and the address
// the geocoder is asked for. Pure, so the unit tests cover them.
import { toPayload, type WarehouseFormSetup, type WarehouseFormValues } from "../../lib/warehouse-form.ts";
import type { WarehouseFormKind } from "../../lib/warehouse-form.ts";
import { formatNumber } from "../../lib/format.ts";
import { COLLAPSED_COUNT } from "../../lib/specifications.ts";
import { issuesToFieldErrors, type FieldErrors } from "./field-errors.ts";

// ------------------------------------------------------------------ saving

export type SavePayload = ReturnType<typeof toPayload> & { spaces: ReturnType<typeof import("../../lib/spaces.ts").spacePayload>[] };

/**
 * The schemas the save is checked with, loaded on first use: the validation library is not
 * part of the page's first load (the JavaScript budget). The form asks for it as soon as a
 * field gets focus, so it is there by the time of the first save.
 */
export const loadSaveCheck = () => import("../../schemas/warehouse.ts");

/**
 * The payload of a save and the form's errors for it (none: it may be sent). A create has no
 * imgs_to_delete; an update always has the list (empty when nothing goes).
 */
export async function buildSave(
  values: WarehouseFormValues,
  opts: { kind: WarehouseFormKind; emailReadOnly: boolean; isCreate: boolean; imgsToDelete: readonly number[] },
): Promise<{ payload: SavePayload; errors: FieldErrors }> {
  const { warehouseCreateSchema, warehouseUpdateSchema, spacePayload } = await loadSaveCheck();
  // The free space, the price in cents: every save sends the whole set (an empty one clears it).
  const payload = {
    ...toPayload(values, { emailReadOnly: opts.emailReadOnly, ...(opts.isCreate ? {} : { imgsToDelete: [...opts.imgsToDelete] }) }),
    spaces: values.spaces.map(spacePayload),
  };
  const schema = opts.isCreate ? warehouseCreateSchema(opts.kind) : warehouseUpdateSchema(opts.kind);
  const parsed = schema.safeParse(payload);
  return { payload, errors: parsed.success ? {} : issuesToFieldErrors(parsed.error.issues, payload) };
}

/**
 * Where the next save goes. A new warehouse is created once: after that (even if its photos
 * then fail to upload) every save updates the warehouse the create answered.
 */
export function saveTarget(
  setup: Pick<WarehouseFormSetup, "warehouseId" | "saveUrl" | "uploadBase">,
  savedId: number | null,
): { url: string; isCreate: boolean } {
  if (savedId === null) return { url: setup.saveUrl, isCreate: setup.warehouseId === null };
  if (savedId === setup.warehouseId) return { url: setup.saveUrl, isCreate: false };
  return { url: `${setup.uploadBase}/${savedId}/update`, isCreate: false };
}

export const uploadUrl = (uploadBase: string, warehouseId: number) => `${uploadBase}/${warehouseId}/upload`;

/** The warehouse id a save answered, or null (then the save did not happen as it should). */
export function savedWarehouseId(data: unknown): number | null {
  const id = (data as { warehouse_id?: unknown } | null)?.warehouse_id;
  const n = typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
}

// ------------------------------------------------------------------ specifications

/** A specification list longer than this shows its first values and a show-all toggle (the sheet's rule). */
export const SPEC_COLLAPSED_COUNT = COLLAPSED_COUNT;

export function isCollapsible(count: number): boolean {
  return count > SPEC_COLLAPSED_COUNT;
}

/** The values a group shows: all of them, or the first 5 of a long list while collapsed. */
export function visibleSpecValues<T>(values: readonly T[], expanded: boolean): readonly T[] {
  return isCollapsible(values.length) && !expanded ? values.slice(0, SPEC_COLLAPSED_COUNT) : values;
}

/** How many of a group's values are ticked. */
export function selectedInGroup(values: readonly { id: number }[], selected: readonly number[]): number {
  const ticked = new Set(selected);
  return values.filter((v) => ticked.has(v.id)).length;
}

// ------------------------------------------------------------------ photos

/** The largest photo the server takes (20 MB). */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";
const IMAGE_NAME = /\.(jpe?g|png)$/i;

/** Why a chosen file is refused before upload (the server checks the bytes again), or null. */
export function imageFileProblem(file: { name: string; size: number }): "type" | "too_large" | null {
  if (!IMAGE_NAME.test(file.name)) return "type";
  if (file.size > IMAGE_MAX_BYTES) return "too_large";
  return null;
}

// ------------------------------------------------------------------ position

export type LatLng = { lat: number; lng: number };

const METRES_PER_DEGREE = 111_320;

/** The point `north` metres north and `east` metres east of `from` (negative: south, west). */
export function moveByMetres(from: LatLng, north: number, east: number): LatLng {
  const lat = from.lat + north / METRES_PER_DEGREE;
  const lng = from.lng + east / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((from.lat * Math.PI) / 180)));
  return { lat: round7(lat), lng: round7(lng) };
}

/** Seven decimals: about a centimetre, more than any pin means. */
export const round7 = (n: number) => Math.round(n * 1e7) / 1e7;

/** "45,464200 N, 9,190000 E": Italian decimals, hemisphere letters. */
export function formatCoordinates(position: LatLng): string {
  const lat = `${formatNumber(Math.abs(position.lat), 6)} ${position.lat < 0 ? "S" : "N"}`;
  const lng = `${formatNumber(Math.abs(position.lng), 6)} ${position.lng < 0 ? "W" : "E"}`;
  return `${lat}, ${lng}`;
}

/** The fields whose change moves the pin (on blur). */
export const ADDRESS_FIELDS = ["address", "cap", "city", "province"] as const;

type AddressData = Pick<WarehouseFormValues["data"], "address" | "cap" | "city" | "province" | "country">;

/**
 * GET /api/geocode/address's query: address, cap, city, province, country, trimmed (blanks
 * are left out of the URL). Null without a city, which the call requires.
 */
export function addressParams(data: AddressData): { address: string; cap: string; city: string; province: string; country: string } | null {
  const parts = { address: data.address.trim(), cap: data.cap.trim(), city: data.city.trim(), province: data.province.trim(), country: data.country.trim() };
  return parts.city ? parts : null;
}

/** The address as one line, "address, cap, city, province, country" ("" without a city): what changed since the last lookup. */
export function addressQuery(data: AddressData): string {
  const parts = addressParams(data);
  return parts ? Object.values(parts).filter(Boolean).join(", ") : "";
}

export type GeocodeHit = LatLng & { label: string; precision: "street" | "town" };

/** GET /api/geocode/address's answer → its first result, or null (ZERO_RESULTS or a broken answer). */
export function readGeocode(data: unknown): GeocodeHit | null {
  const body = data as { status?: unknown; results?: unknown } | null;
  if (!body || body.status !== "OK" || !Array.isArray(body.results)) return null;
  const first = body.results[0] as { formatted_address?: unknown; precision?: unknown; geometry?: { location?: { lat?: unknown; lng?: unknown } } } | undefined;
  const lat = first?.geometry?.location?.lat;
  const lng = first?.geometry?.location?.lng;
  if (typeof lat !== "number" || typeof lng !== "number" || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return {
    lat,
    lng,
    label: typeof first?.formatted_address === "string" ? first.formatted_address : "",
    precision: first?.precision === "street" ? "street" : "town",
  };
}

/** The map's zoom on a found address: the street closely, a town from further away. */
export const zoomFor = (precision: GeocodeHit["precision"]) => (precision === "street" ? 16 : 14);
