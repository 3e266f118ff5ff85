// What a new password must be: 8 to 128 characters (NIST SP 800-63B: at least 8, allow at
// least 64) and not one of the common passwords of common-passwords.txt (compared in
// lowercase). The length rule is shared with the forms (app/schemas/auth.ts); the list
// stays on the server.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../schemas/auth.ts";

const FILE = "common-passwords.txt";
let common: Set<string> | null = null;

// The list is read from the source tree: next to this module when it runs unbundled (tests,
// scripts), or from app/server/accounts when it runs inside the server build (build/server).
function candidates(): string[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return [path.join(here, FILE), path.join(here, "../../app/server/accounts", FILE), path.resolve("app/server/accounts", FILE)];
}

export function commonPasswords(): Set<string> {
  if (common) return common;
  const file = candidates().find((p) => fs.existsSync(p));
  if (!file) throw new Error(`${FILE} not found (looked in ${candidates().join(", ")})`);
  common = new Set(
    fs
      .readFileSync(file, "utf8")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => line.toLowerCase()),
  );
  return common;
}

export type PasswordProblem = "too_short" | "too_long" | "password_common";

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return "too_short";
  if (length > PASSWORD_MAX) return "too_long";
  if (commonPasswords().has(password.toLowerCase())) return "password_common";
  return null;
}
