import { describe, expect, it } from "vitest";
import { commonPasswords, passwordProblem } from "./password-policy.ts";
import { newPassword } from "../../schemas/auth.ts";

describe("password policy", () => {
  it("ships a list of thousands of common passwords, lowercase", () => {
    const list = commonPasswords();
    expect(list.size).toBeGreaterThan(3000);
    for (const word of ["password1", "12345678", "iloveyou", "juventus", "ciaociao", "qwertyuiop", "forzainter"]) expect(list.has(word), word).toBe(true);
    for (const word of list) expect(word).toBe(word.toLowerCase());
  });
  it("refuses short, long and common passwords in any case; accepts 8 to 128 characters", () => {
    expect(passwordProblem("abc")).toBe("too_short");
    expect(passwordProblem("x".repeat(129))).toBe("too_long");
    expect(passwordProblem("PassWord1")).toBe("password_common");
    expect(passwordProblem("CiaoCiao")).toBe("password_common");
    expect(passwordProblem("magazzino-blu-42")).toBeNull();
    expect(passwordProblem("x".repeat(64) + "y")).toBeNull();
    expect(passwordProblem("🔒🔒🔒🔒🔒🔒🔒🔒")).toBeNull(); // characters, not bytes
  });
  it("the shared schema gives the forms the same length codes", () => {
    expect(newPassword.safeParse("short").error?.issues[0]?.message).toBe("too_short");
    expect(newPassword.safeParse("").error?.issues[0]?.message).toBe("required");
    expect(newPassword.safeParse("a".repeat(200)).success).toBe(false);
    expect(newPassword.safeParse("a good passphrase").success).toBe(true);
  });
});
