import { describe, expect, it } from "vitest";
import { displayName, fullName, personName } from "./person-name.ts";

describe("a person's name", () => {
  it("full name: first and last, trimmed, either alone, empty without both", () => {
    expect(fullName({ first_name: " Mario ", last_name: "Rossi " })).toBe("Mario Rossi");
    expect(fullName({ first_name: "Mario", last_name: null })).toBe("Mario");
    expect(fullName({ first_name: "  ", last_name: "Rossi" })).toBe("Rossi");
    expect(fullName({ first_name: null, last_name: undefined })).toBe("");
  });

  it("display name: the company first, then the business name asked for, then the full name, then the e-mail", () => {
    const mario = { first_name: "Mario", last_name: "Rossi", email: "mario@example.com" };
    expect(displayName({ ...mario, company: "Rossi Srl", request_business_name: "Rossi Logistica" })).toBe("Rossi Srl");
    expect(displayName({ ...mario, company: " ", request_business_name: "Rossi Logistica" })).toBe("Rossi Logistica");
    expect(displayName({ ...mario, company: null })).toBe("Mario Rossi");
    expect(displayName({ first_name: null, last_name: "", company: "", email: "mario@example.com" })).toBe("mario@example.com");
    expect(displayName({ first_name: null, last_name: null })).toBe("");
  });

  it("a person acting for another's company: the full name, never the company, else the e-mail", () => {
    expect(personName({ first_name: "Anna", last_name: "Bianchi", email: "anna@example.com" })).toBe("Anna Bianchi");
    expect(personName({ first_name: null, last_name: null, email: "anna@example.com" })).toBe("anna@example.com");
  });
});
