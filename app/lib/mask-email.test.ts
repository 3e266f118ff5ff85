import { describe, expect, it } from "vitest";
import { maskEmail } from "./mask-email.ts";

describe("maskEmail", () => {
  it("keeps the first letter and the domain", () => {
    expect(maskEmail("giulia.bianchi@example.com")).toBe("g•••@example.com");
    expect(maskEmail("a@b.it")).toBe("a•••@b.it");
  });
  it("hides anything that is not an address", () => {
    expect(maskEmail("nobody")).toBe("•••");
    expect(maskEmail("@example.com")).toBe("•••");
  });
});
