import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issuesToCodes } from "./field-codes.ts";
import { conformReply } from "./forms.ts";

const schema = z.object({
  name: z.string().trim().min(1).max(10),
  email: z.string().trim().min(1).pipe(z.email()),
  age: z.coerce.number().int().min(18).optional(),
});

describe("field codes in the browser", () => {
  it("tells missing fields from wrong ones when given the values", () => {
    const values = { name: "", email: "not-an-email", age: "12" };
    expect(issuesToCodes(schema.safeParse(values).error!.issues, values)).toEqual({ name: "required", email: "email", age: "too_small" });
    const long = { name: "x".repeat(11), email: "a@b.it" };
    expect(issuesToCodes(schema.safeParse(long).error!.issues, long)).toEqual({ name: "too_long" });
  });

  it("names a field as the API answers it, without the spec's wrapper object", () => {
    const wrapped = z.object({ user_data: z.object({ email: z.email(), times: z.object({ mon_open: z.string().min(1) }) }), ids: z.array(z.number()).max(1) });
    const input = { user_data: { email: "x", times: { mon_open: "" } }, ids: [1, 2] };
    expect(issuesToCodes(wrapped.safeParse(input).error!.issues, input)).toEqual({ email: "email", "times.mon_open": "required", ids: "too_big" });
  });

  it("names a free space's field with its row, other lists' fields without", () => {
    const lists = z.object({ spaces: z.array(z.object({ quantity: z.number().positive() })), contacts: z.array(z.object({ email: z.email() })) });
    const input = { spaces: [{ quantity: 1 }, { quantity: 0 }], contacts: [{ email: "x" }] };
    expect(issuesToCodes(lists.safeParse(input).error!.issues, input)).toEqual({ "spaces.1.quantity": "too_small", "contacts.email": "email" });
  });

  it("gives Conform a page action's failure: the field codes, the refusal's own code, what was typed", () => {
    const invalid = {
      ok: false as const,
      intent: null,
      error: "invalid",
      errors: { name: "required", email: "email" },
      message: "x",
      values: { name: "", email: "nope" },
    };
    expect(conformReply(invalid)).toEqual({ status: "error", initialValue: { name: "", email: "nope" }, error: { name: ["required"], email: ["email"] } });
    const refused = { ok: false as const, intent: null, error: "already_reviewed", errors: {}, message: "x", values: { name: "Anna" } };
    expect(conformReply(refused)).toEqual({ status: "error", initialValue: { name: "Anna" }, error: { "": ["already_reviewed"] } });
    expect(conformReply({ ok: true })).toBeUndefined();
  });
});
