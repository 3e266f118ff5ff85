import { describe, it, expect } from "vitest";
import { validateSupport } from "./support-validation.ts";

const filled = {
  first_name: "Mario",
  last_name: "Rossi",
  business_name: "Rossi Srl",
  email: "mario@example.com",
  message: "Vorrei informazioni.",
  privacy: true,
};

describe("validateSupport", () => {
  it("accepts a complete form", () => {
    expect(validateSupport(filled)).toEqual({});
  });

  it("treats blank-after-trimming fields as missing", () => {
    expect(validateSupport({ ...filled, first_name: "   ", message: "\n\t" })).toEqual({ first_name: "required", message: "required" });
  });

  it("requires the privacy tick and a plausible e-mail", () => {
    expect(validateSupport({ ...filled, privacy: false })).toEqual({ privacy: "required" });
    expect(validateSupport({ ...filled, email: "mario@" })).toEqual({ email: "email" });
    expect(validateSupport({ ...filled, email: " " })).toEqual({ email: "required" });
  });
});
