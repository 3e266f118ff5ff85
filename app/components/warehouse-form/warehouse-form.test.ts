import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderAll } from "../../../tests/support/render.ts";
import { MemoryRouter } from "react-router";
import { emptyWarehouseForm, type WarehouseFormSetup, type WarehouseFormValues } from "../../lib/warehouse-form.ts";
import { warehouseCreateSchema } from "../../schemas/warehouse.ts";
import type { ApiResult } from "../../lib/api-client.ts";
import { m } from "../../paraglide/messages.js";
import { fieldErrorText, hasRequired, issuesToFieldErrors, placeServerErrors, withoutContactRow } from "./field-errors.ts";
import {
  addressParams,
  addressQuery,
  buildSave,
  formatCoordinates,
  imageFileProblem,
  IMAGE_MAX_BYTES,
  isCollapsible,
  moveByMetres,
  readGeocode,
  savedWarehouseId,
  saveTarget,
  selectedInGroup,
  uploadUrl,
  visibleSpecValues,
  zoomFor,
} from "./form-logic.ts";
import { copyMondayToWeekdays } from "./HoursSection.tsx";
import { uploadInOrder } from "./uploads.ts";
import { WarehouseForm } from "./WarehouseForm.tsx";

/** A form an owner could save: the required fields filled, numbers typed the Italian way. */
function filled(): WarehouseFormValues {
  const values = emptyWarehouseForm({
    name: "Magazzino Nord",
    address: "Via Roma 1",
    cap: "20121",
    city: "Milano",
    province: "MI",
    vat: "IT01234567890",
    email: "info@example.it",
  });
  values.data.m2 = "1.500,50";
  values.data.total_m2 = "2.000";
  values.data.height = "9,5";
  values.data.m2_cost = "48";
  values.position = { lat: 45.4642, lng: 9.19 };
  return values;
}

const save = (values: WarehouseFormValues, opts: Partial<Parameters<typeof buildSave>[1]> = {}) =>
  buildSave(values, { kind: "owner", emailReadOnly: false, isCreate: true, imgsToDelete: [], ...opts });

describe("building the payload", () => {
  it("normalises Italian numbers and passes the create schema", async () => {
    const { payload, errors } = await save(filled());
    expect(errors).toEqual({});
    expect(payload.warehouse_data).toMatchObject({
      m2: "1500.50",
      total_m2: "2000",
      height: "9.5",
      m2_cost: "48",
      lat: 45.4642,
      lng: 9.19,
      email: "info@example.it",
    });
    expect("imgs_to_delete" in payload).toBe(false);
    const parsed = warehouseCreateSchema("owner").parse(payload);
    expect(parsed.warehouse_data.m2).toBe(1500.5);
    expect(parsed.warehouse_data.total_m2).toBe(2000);
  });

  it("leaves the read-only e-mail out and lists the photos to delete on update", async () => {
    const { payload, errors } = await save(filled(), { emailReadOnly: true, isCreate: false, imgsToDelete: [4, 9] });
    expect(errors).toEqual({});
    expect("email" in payload.warehouse_data).toBe(false);
    expect(payload.imgs_to_delete).toEqual([4, 9]);
  });

  it("sends a closed day without times and an open day's times", async () => {
    const values = filled();
    values.times.mon = { open: true, from: "08:00", to: "18:00" };
    values.times.sun = { open: false, from: "09:00", to: "12:00" };
    const { payload } = await save(values);
    expect(payload.warehouse_times).toMatchObject({
      is_mon_open: true,
      mon_open_time: "08:00",
      mon_close_time: "18:00",
      is_sun_open: false,
      sun_open_time: null,
      sun_close_time: null,
    });
  });

  it("copies Monday to Tuesday–Friday only", () => {
    const values = filled();
    values.times.mon = { open: true, from: "07:30", to: "17:00" };
    values.times.sat = { open: false, from: "", to: "" };
    const times = copyMondayToWeekdays(values.times);
    expect(times.fri).toEqual({ open: true, from: "07:30", to: "17:00" });
    expect(times.sat).toEqual({ open: false, from: "", to: "" });
    expect(times.fri).not.toBe(times.mon);
  });
});

describe("the free space's rows", () => {
  const row = {
    m2_type: "m2" as const,
    quantity: "1.200",
    available_from: "2026-12-01",
    available_until: "",
    min_term_months: "3",
    price: "5,20",
    price_public: true,
  };

  it("are sent with the rest: numbers plain, the price in cents, a blank end as open-ended", async () => {
    const values = filled();
    values.spaces = [row, { ...row, m2_type: "pallet", quantity: "40", available_until: "2027-03-31", min_term_months: "", price: "", price_public: false }];
    const { payload, errors } = await save(values);
    expect(errors).toEqual({});
    expect(payload.spaces).toEqual([
      { m2_type: "m2", quantity: "1200", available_from: "2026-12-01", available_until: null, min_term_months: "3", price_month: 520, price_public: true },
      {
        m2_type: "pallet",
        quantity: "40",
        available_from: "2026-12-01",
        available_until: "2027-03-31",
        min_term_months: "",
        price_month: null,
        price_public: false,
      },
    ]);
    const parsed = warehouseCreateSchema("owner").parse(payload);
    expect(parsed.spaces[0]).toEqual({
      m2_type: "m2",
      quantity: 1200,
      available_from: "2026-12-01",
      available_until: null,
      min_term_months: 3,
      price_month: 520,
      price_public: true,
    });
    expect(parsed.spaces[1]!.min_term_months).toBe(0);
  });

  it("are checked in the browser with the server's codes, each on its row", async () => {
    const values = filled();
    values.spaces = [row, { ...row, quantity: "0", available_from: "", price: "5,2x" }, { ...row, available_until: "2026-11-01" }];
    const { errors } = await save(values);
    expect(errors).toEqual({
      "spaces.1.quantity": "too_small",
      "spaces.1.available_from": "required",
      "spaces.1.price_month": "invalid",
      "spaces.2.available_until": "before_start_date",
    });
  });
});

describe("issuesToFieldErrors", () => {
  it("names the fields as the server does and tells required from invalid", async () => {
    const values = emptyWarehouseForm();
    values.data.website = "not a site";
    values.data.email = "nobody";
    values.data.height = "abc";
    values.data.total_m2 = "-3";
    values.data.bays_number = "2,5";
    const { errors } = await save(values);
    expect(errors).toMatchObject({
      name: "required",
      address: "required",
      cap: "required",
      city: "required",
      province: "required",
      vat: "required",
      m2: "required",
      website: "invalid",
      email: "email",
      height: "invalid",
      total_m2: "too_small",
      bays_number: "invalid",
    });
    expect(errors.country).toBeUndefined();
    // The back office does not require the VAT number nor the internal area.
    const admin = (await buildSave(values, { kind: "admin", emailReadOnly: false, isCreate: true, imgsToDelete: [] })).errors;
    expect(admin.vat).toBeUndefined();
    expect(admin.m2).toBeUndefined();
    expect(hasRequired(admin)).toBe(true);
  });

  it("puts a contact's error on its row of the form, unnamed rows counted", async () => {
    const values = filled();
    values.contacts = [
      { full_name: "", phone: "", email: "dropped@", role: "0" },
      { full_name: "Anna", phone: "", email: "anna@example.it", role: "quote" },
      { full_name: "  ", phone: "x", email: "", role: "0" },
      { full_name: "Bruno", phone: "ab", email: "bruno@", role: "billing" },
    ];
    const { errors } = await save(values);
    expect(errors).toEqual({ "contacts.3.phone": "invalid", "contacts.3.email": "email" });
  });

  it("reports the opening hours, the position and the lists", async () => {
    const values = filled();
    values.times.tue = { open: true, from: "08:00", to: "" };
    values.position = { lat: 36.8, lng: 10.2 + 10 };
    values.specifications = [0];
    values.data.name = "x".repeat(300);
    const { errors } = await save(values);
    expect(errors).toEqual({
      "warehouse_times.tue_close_time": "required",
      lng: "outside_italy",
      specifications: "too_small",
      name: "too_long",
    });
  });

  it("maps raw issues without an input too", () => {
    expect(
      issuesToFieldErrors([
        { path: ["warehouse_data", "lat"], code: "custom", message: "outside_italy" },
        { path: ["warehouse_data", "lat"], code: "custom", message: "invalid" },
        { path: ["contacts"], code: "too_big", message: "", origin: "array" },
        { path: ["contacts", 0, "full_name"], code: "too_small", message: "", origin: "string", minimum: 1 },
        { path: [], code: "invalid_type", message: "" },
      ]),
    ).toEqual({ lat: "outside_italy", contacts: "too_big", "contacts.0.full_name": "required", body: "invalid" });
  });
});

describe("the server's errors", () => {
  it("places a contact's field on the first named row that has one", () => {
    const contacts = [
      { full_name: "", phone: "", email: "x@", role: "0" },
      { full_name: "Anna", phone: "", email: "", role: "0" },
      { full_name: "Bruno", phone: "", email: "bruno@", role: "0" },
    ];
    expect(placeServerErrors({ "contacts.email": "email", "contacts.phone": "invalid", m2: "required", lat: "required", junk: 3 }, contacts)).toEqual({
      "contacts.2.email": "email",
      "contacts.1.phone": "invalid",
      m2: "required",
      lat: "required",
    });
    expect(placeServerErrors({ "contacts.email": "email" }, [])).toEqual({ contacts: "email" });
  });

  it("moves the later rows' errors up when a contact row goes", () => {
    expect(withoutContactRow({ "contacts.0.email": "email", "contacts.1.phone": "invalid", "contacts.3.full_name": "too_long", name: "required" }, 1)).toEqual({
      "contacts.0.email": "email",
      "contacts.2.full_name": "too_long",
      name: "required",
    });
  });

  it("says each code in words", () => {
    expect(fieldErrorText("name", "required")).toBe("Required field");
    expect(fieldErrorText("website", "invalid")).toBe("Not valid");
    expect(fieldErrorText("contacts.0.email", "email")).toBe("Not a valid e-mail address");
    expect(fieldErrorText("lat", "outside_italy")).toBe("The position must be in Italy");
    expect(fieldErrorText("lat", "required")).toBe(m.wf_error_position_required());
    expect(fieldErrorText("warehouse_times.mon_open_time", "required")).toBe(m.wf_error_times_pair());
    expect(fieldErrorText("m2", "too_small")).toBe(m.wf_error_negative());
    expect(fieldErrorText("m2", "whatever")).toBe(m.wf_error_number());
    expect(fieldErrorText("name", undefined)).toBeNull();
    expect(m.wf_error_required({}, { locale: "it" })).toBe("Completa tutti i campi obbligatori");
    expect(m.wf_error_general({}, { locale: "it" })).toBe("Si è verificato un errore");
  });
});

describe("where the save goes", () => {
  const setup = { warehouseId: null, saveUrl: "/api/stocker/warehouses/create", uploadBase: "/api/stocker/warehouses" };

  it("creates once, then updates the warehouse the create answered", () => {
    expect(saveTarget(setup, null)).toEqual({ url: "/api/stocker/warehouses/create", isCreate: true });
    expect(saveTarget(setup, 42)).toEqual({ url: "/api/stocker/warehouses/42/update", isCreate: false });
    const editing = { ...setup, warehouseId: 7, saveUrl: "/api/stocker/warehouses/7/update" };
    expect(saveTarget(editing, 7)).toEqual({ url: "/api/stocker/warehouses/7/update", isCreate: false });
    expect(uploadUrl(setup.uploadBase, 42)).toBe("/api/stocker/warehouses/42/upload");
  });

  it("reads the warehouse id of the answer", () => {
    expect(savedWarehouseId({ warehouse_id: 12 })).toBe(12);
    expect(savedWarehouseId({ warehouse_id: "12" })).toBe(12);
    expect(savedWarehouseId({ warehouse_id: 0 })).toBeNull();
    expect(savedWarehouseId({})).toBeNull();
    expect(savedWarehouseId(null)).toBeNull();
  });
});

describe("the specification lists", () => {
  const values = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

  it("collapse above 5 values to the first 5", () => {
    expect(isCollapsible(5)).toBe(false);
    expect(isCollapsible(6)).toBe(true);
    expect(visibleSpecValues(values(7), false).map((v) => v.id)).toEqual([1, 2, 3, 4, 5]);
    expect(visibleSpecValues(values(7), true)).toHaveLength(7);
    expect(visibleSpecValues(values(5), false)).toHaveLength(5);
  });

  it("count the ticked values, hidden ones included", () => {
    expect(selectedInGroup(values(7), [2, 7, 99])).toBe(2);
    expect(selectedInGroup(visibleSpecValues(values(7), false), [2, 7, 99])).toBe(1);
  });

  it("read Vedi tutto / Nascondi in Italian", () => {
    expect(m.wf_specs_show_all({}, { locale: "it" })).toBe("Vedi tutto");
    expect(m.wf_specs_hide({}, { locale: "it" })).toBe("Nascondi");
    expect(m.wf_specs_show_all({}, { locale: "en" })).toBe("Show all");
  });
});

describe("photos", () => {
  it("refuses other types by name and files over 20 MB", () => {
    expect(imageFileProblem({ name: "a.JPG", size: 10 })).toBeNull();
    expect(imageFileProblem({ name: "a.jpeg", size: IMAGE_MAX_BYTES })).toBeNull();
    expect(imageFileProblem({ name: "a.png", size: IMAGE_MAX_BYTES + 1 })).toBe("too_large");
    expect(imageFileProblem({ name: "a.webp", size: 10 })).toBe("type");
    expect(imageFileProblem({ name: "jpg", size: 10 })).toBe("type");
  });

  it("uploads in order and stops at the first failure", async () => {
    const calls: { url: string; type: unknown; name: unknown }[] = [];
    const send = async (url: string, body: FormData): Promise<ApiResult> => {
      const file = body.get("file") as File;
      calls.push({ url, type: body.get("type"), name: file.name });
      if (file.name === "b.png") return { ok: false, status: 422, data: { error: "image_invalid", message: "La foto è danneggiata." } };
      return { ok: true, status: 200, data: {} };
    };
    const items = ["a.jpg", "b.png", "c.jpg"].map((name) => ({ key: name, file: new File([new Uint8Array([1, 2, 3])], name) }));
    const progress: number[] = [];
    const run = await uploadInOrder(items, "/api/x/1/upload", send, (i) => progress.push(i));
    expect(calls).toEqual([
      { url: "/api/x/1/upload", type: "thumb", name: "a.jpg" },
      { url: "/api/x/1/upload", type: "thumb", name: "b.png" },
    ]);
    expect(progress).toEqual([0, 1]);
    expect(run).toEqual({ done: ["a.jpg"], failed: { key: "b.png", name: "b.png", message: "La foto è danneggiata.", status: 422 } });
    // The retry starts with the failed one.
    const again = await uploadInOrder(items.slice(2), "/api/x/1/upload", send);
    expect(again).toEqual({ done: ["c.jpg"], failed: null });
  });
});

describe("the pin", () => {
  it("moves about 10 m per step", () => {
    const from = { lat: 45, lng: 9 };
    const north = moveByMetres(from, 10, 0);
    expect((north.lat - 45) * 111_320).toBeCloseTo(10, 1);
    expect(north.lng).toBe(9);
    const east = moveByMetres(from, 0, -100);
    expect((9 - east.lng) * 111_320 * Math.cos((45 * Math.PI) / 180)).toBeCloseTo(100, 0);
  });

  it("shows coordinates in Italian notation", () => {
    expect(formatCoordinates({ lat: 45.4642, lng: 9.19 })).toBe("45,464200 N, 9,190000 E");
    expect(formatCoordinates({ lat: -1.5, lng: -0.25 })).toBe("1,500000 S, 0,250000 W");
  });

  it("asks the geocoder for the whole address and reads its answer", () => {
    const data = emptyWarehouseForm({ address: " Via Roma 1 ", cap: "20121", city: "Milano", province: "MI" }).data;
    expect(addressQuery(data)).toBe("Via Roma 1, 20121, Milano, MI, Italia");
    expect(addressParams(data)).toEqual({ address: "Via Roma 1", cap: "20121", city: "Milano", province: "MI", country: "Italia" });
    // The call needs the city.
    const noCity = emptyWarehouseForm({ address: "Via Roma 1" }).data;
    expect(addressParams(noCity)).toBeNull();
    expect(addressQuery(noCity)).toBe("");
    expect(addressQuery(emptyWarehouseForm().data)).toBe("");
    const answer = {
      status: "OK",
      results: [{ formatted_address: "Milano (MI), Italia", precision: "town", geometry: { location: { lat: 45.46, lng: 9.19 } } }],
    };
    expect(readGeocode(answer)).toEqual({ lat: 45.46, lng: 9.19, label: "Milano (MI), Italia", precision: "town" });
    expect(readGeocode({ status: "ZERO_RESULTS", results: [] })).toBeNull();
    expect(readGeocode({ status: "OK", results: [{ geometry: { location: { lat: "45" } } }] })).toBeNull();
    expect(zoomFor("street")).toBe(16);
    expect(zoomFor("town")).toBe(14);
  });
});

describe("WarehouseForm", () => {
  const setup = (over: Partial<WarehouseFormSetup> = {}): WarehouseFormSetup => ({
    kind: "owner",
    warehouseId: null,
    values: filled(),
    catalogue: [
      {
        cat_id: 1,
        category: "Servizi",
        values: Array.from({ length: 7 }, (_, i) => ({ id: 100 + i, value: `Servizio ${i}`, description: i === 0 ? "Con descrizione" : null })),
      },
      { cat_id: 2, category: "Certificazioni", values: [{ id: 200, value: "ISO 9001", description: null }] },
    ],
    images: [{ id: 5, src: "/img/5.webp", thumb_src: "/img/5-thumb.webp" }],
    emailReadOnly: true,
    saveUrl: "/api/stocker/warehouses/create",
    uploadBase: "/api/stocker/warehouses",
    doneHref: "/en/stocker/warehouses",
    mapStyleUrl: "https://tiles.example.com/style.json",
    ...over,
  });
  const render = (s: WarehouseFormSetup) => renderAll(createElement(MemoryRouter, null, createElement(WarehouseForm, { setup: s })));

  it("renders every section, in order, on the server", async () => {
    const html = await render(setup());
    const titles = ["Basic information", "Position on the map", "Contacts", "Details", "Opening hours", "Specifications"].map((t) =>
      html.indexOf(`>${t}</h2>`),
    );
    expect(titles.every((i) => i > 0)).toBe(true);
    expect([...titles].sort((a, b) => a - b)).toEqual(titles);
    // The lazy sections, in Suspense boundaries of their own, may come later in the stream, put in place by React.
    for (const title of ["Free space", "Photos"]) expect(html).toContain(`>${title}</h2>`);
    // The map's code and the free space's rows load after the form (React.lazy), not in the
    // page's first load; a whole render (every lazy part waited for) has both.
    expect(html).toMatch(/data-testid="position-map(-loading)?"/);
    expect(html).toContain('data-testid="wf-spaces"');
    expect(html).toContain("45,464200 N, 9,190000 E");
    expect(html).toContain("Drag the pin onto the building");
    expect(html).toContain("Costs — never shown publicly");
    expect(html).toContain("/img/5-thumb.webp");
    expect(html).toContain('accept=".jpg,.jpeg,.png,image/jpeg,image/png"');
  });

  it("shows the read-only e-mail disabled, the owners' required marks and the collapsed lists", async () => {
    const html = await render(setup());
    expect(html).toMatch(/<input[^>]*disabled=""[^>]*name="email"/);
    expect(html).toContain(m.wf_email_read_only());
    expect(html).toMatch(/<input[^>]*name="vat"[^>]*aria-required="true"|<input[^>]*aria-required="true"[^>]*name="vat"/);
    // 5 of the 7 services and the one certification.
    expect(html.split('name="spec-').length - 1).toBe(6);
    expect(html).toContain("Show all");
    expect(html).toContain('type="time"');
  });

  it("marks the pin as missing without a position", async () => {
    const values = filled();
    values.position = null;
    const html = await render(setup({ values, kind: "admin", emailReadOnly: false }));
    expect(html).toContain(m.wf_position_none());
    expect(html).not.toMatch(/<input[^>]*disabled=""[^>]*name="email"/);
    expect(html).toMatch(/<input[^>]*name="email"/);
  });
});
