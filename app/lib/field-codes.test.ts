import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issuesToCodes } from "./field-codes.ts";
import { parseForm } from "./forms.ts";

const schema = z.object({
  name: z.string().trim().min(1).max(10),
  email: z.string().trim().min(1).pipe(z.email()),
  age: z.coerce.number().int().min(18).optional(),
});

describe("field codes in the browser", () => {
  it("tells missing fields from wrong ones when given the values", () => {
    const values = { name: "", email: "not-an-email", age: "12" };
    expect(issuesToCodes(schema.safeParse(values).error!.issues, values)).toEqual({ name: "required", email: "email", age: "invalid" });
    const long = { name: "x".repeat(11), email: "a@b.it" };
    expect(issuesToCodes(schema.safeParse(long).error!.issues, long)).toEqual({ name: "too_long" });
  });

  it("gives Conform the same codes for a posted form", () => {
    const form = new FormData();
    form.set("name", "");
    form.set("email", "nope");
    const submission = parseForm(form, schema);
    if (submission.status !== "error") throw new Error(`expected an error, got ${submission.status}`);
    expect(submission.error).toMatchObject({ name: ["required"], email: ["email"] });
  });
});
