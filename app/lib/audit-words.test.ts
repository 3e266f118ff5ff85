// The audit log's words: every action the server's code writes has its label (read from the
// source, so a new action fails here until it has words), and the details read as sentences.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  AUDIT_ACTION_WORDS,
  auditActionWords,
  auditDetailIds,
  auditDetailLines,
  auditDetailsText,
  auditEntityText,
  auditFieldWords,
  auditValueText,
} from "./audit-words.ts";

const ROOT = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "paraglide" || e.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every `action: "entity.verb"` the app's code writes (services, seed, routes). */
function writtenActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of [...sourceFiles(join(ROOT, "server")), ...sourceFiles(join(ROOT, "routes"))]) {
    for (const match of readFileSync(file, "utf8").matchAll(/\baction:\s*["'`]([a-z_]+\.[a-z_]+)["'`]/g)) {
      if (!found.has(match[1]!)) found.set(match[1]!, relative(ROOT, file));
    }
  }
  return found;
}

describe("the audit log's words", () => {
  it("labels every action the code writes", () => {
    const written = writtenActions();
    // The scan itself works: it finds the actions known to be written.
    expect(written.has("user.approve")).toBe(true);
    expect(written.has("warehouse.toggle_deactivated")).toBe(true);
    expect(written.size).toBeGreaterThan(30);
    const missing = [...written].filter(([action]) => !AUDIT_ACTION_WORDS[action]).map(([action, file]) => `${action} (${file})`);
    expect(missing, "add these actions' words to app/lib/audit-words.ts").toEqual([]);
    expect(auditActionWords("user.approve")).toBe("Approvazione dello stocker");
    expect(auditActionWords("something.new")).toBe("something.new");
  });

  it("names an entity with its id beside, and one that is gone by its kind", () => {
    expect(auditEntityText("user", 120, "Mario Rossi")).toBe("Mario Rossi (#120)");
    expect(auditEntityText("warehouse", 45, null)).toBe("Magazzino #45 (non più presente)");
    expect(auditEntityText("warehouse", null, null)).toBe("Magazzino");
  });

  it("reads fields and values in words", () => {
    expect(auditFieldWords("approval_status")).toBe("Stato dell'approvazione");
    expect(auditFieldWords("changedFields.first_name")).toBe("Nome");
    expect(auditFieldWords("some_new_field")).toBe("Some new field");
    expect(auditValueText("approval_status", "pending")).toBe("In attesa");
    expect(auditValueText("deactivated", true)).toBe("Sì");
    expect(auditValueText("hidden", false)).toBe("No");
    expect(auditValueText("amount", 12345)).toBe("€\u00a0123,45");
    expect(auditValueText("ends_at", "2026-03-10T23:30:00.000Z")).toBe("11.03.2026 00:30");
    expect(auditValueText("account_type", 1)).toBe("Stock Keeper");
    expect(auditValueText("note", null)).toBe("—");
    expect(auditValueText("warehouse_id", 45, { users: {}, warehouses: { 45: "Deposito Nord" } })).toBe("Deposito Nord (#45)");
    expect(auditValueText("owner_id", 7)).toBe("#7");
  });

  it("turns the details into lines, before → after", () => {
    const names = { users: {}, warehouses: { 9: "Hub Milano" } };
    const details = {
      before: { approval_status: "pending", account_type: null },
      after: { approval_status: "approved", account_type: 0 },
      warehouse_id: 9,
      warehouse_created: true,
    };
    expect(auditDetailLines(details, names)).toEqual([
      { field: "Stato dell'approvazione", change: true, before: "In attesa", after: "Approvato" },
      { field: "Tipo di account", change: true, before: "—", after: "Stocker" },
      { field: "Magazzino", change: false, value: "Hub Milano (#9)" },
      { field: "Magazzino creato", change: false, value: "Sì" },
    ]);
    expect(auditDetailsText({ before: "pending_transfer", after: "active" })).toBe("Stato: In attesa di bonifico → Attivo");
  });

  it("collects the ids of users and warehouses the details name, and only those", () => {
    expect(
      auditDetailIds({
        changes: { referent_id: { before: 3, after: 4 } },
        specifications: { added: [11, 12] },
        added: [21, 22],
        warehouse_id: 5,
        owner_id: 6,
        warehouses: { before: 2, after: 4 },
      }),
    ).toEqual({ users: [3, 4, 6], warehouses: [21, 22, 5] });
  });
});
