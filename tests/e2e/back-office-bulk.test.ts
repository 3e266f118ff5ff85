// The back office's bulk actions in a real browser, as the demo administrator, against the built
// app: ten hub requests refused in one action with one note (ten refused, ten audit rows, ten
// e-mails with the note); warehouses picked from the list ("all N matching the filters", more
// than a page) deactivated after a confirmation that names the count, then taken back from the
// notice within its 10 seconds: all active again, each change audited.
import { describe, expect, it } from "vitest";
import { useAdminPage } from "../support/admin-browser.ts";
import { makeUser, makeWarehouse } from "../support/factories.ts";
import { deliveredMailsTo, hasText, hydrated, useAppDatabase, useBrowser } from "./support.ts";

const b = useBrowser();
const app = useAppDatabase();
const run = Date.now().toString(36);

const admin = useAdminPage(b);

const auditCount = (action: string, ids: number[]) =>
  app.db
    .selectFrom("audit_log")
    .select("id")
    .where("action", "=", action)
    .where("entity_type", "=", "warehouse")
    .where("entity_id", "in", ids)
    .execute()
    .then((rows) => rows.length);

describe("bulk actions", () => {
  it("refuses 10 hub requests in one action with one note: 10 refused, 10 audit rows, 10 e-mails", async () => {
    const owners = await Promise.all(Array.from({ length: 10 }, (_, i) => makeUser(app.db, { role: "stocker", first_name: `Titolare ${i}`, lang: "it" })));
    const hubs = await Promise.all(
      owners.map((owner, i) =>
        makeWarehouse(app.db, {
          name: `Hub Massivo ${run} ${i}`,
          city: "Bologna",
          province: "BO",
          is_hub: true,
          to_approve: true,
          status: "pending",
          user_id: owner.id,
        }),
      ),
    );
    const ids = hubs.map((h) => h.id);
    const { page } = admin;
    await page.goto(`/admin/hub-requests?search_term=${encodeURIComponent(`Hub Massivo ${run}`)}`);
    await hydrated(page);
    await page.getByTestId("select-page").check();
    await hasText(page.getByTestId("bulk-count"), "Selezionati: 10");
    await page.getByTestId("bulk-refuse").click();
    const dialog = page.getByRole("dialog");
    await hasText(dialog, /Rifiuta 10 richieste hub con la stessa nota/);
    await dialog.getByLabel(/Nota per il proprietario/).fill("Le baie di carico non bastano per un hub.");
    await dialog.getByTestId("bulk-hub-decision-confirm").click();
    await hasText(page.getByTestId("bulk-notice"), /Richieste hub rifiutate: 10\. Riuscite 10 su 10\./);
    await hasText(page.getByTestId("hub-requests-empty"), /Non è stato trovato alcun magazzino/);

    const rows = await app.db.selectFrom("warehouses").select(["status", "to_approve", "status_note"]).where("id", "in", ids).execute();
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row).toEqual({ status: "refused", to_approve: false, status_note: "Le baie di carico non bastano per un hub." });
    expect(await auditCount("warehouse.hub_decision", ids)).toBe(10);
    for (const owner of owners) {
      const received = await deliveredMailsTo(app.db, owner.email);
      expect(received, owner.email).toHaveLength(1);
      expect(received[0]!.text).toContain("Le baie di carico non bastano per un hub.");
    }
  });

  it("deactivates every warehouse matching the filters after a confirmation, then undoes it within 10 s", async () => {
    const name = `Deposito Massivo ${run}`;
    // More than a page (20): "all N matching the filters" reaches the ones on page 2.
    const made = [];
    for (let i = 0; i < 22; i++)
      made.push(await makeWarehouse(app.db, { name: `${name} ${i}`, city: "Parma", province: "PR", status: "approved", deactivated: false }));
    const ids = made.map((w) => w.id);
    const deactivated = () =>
      app.db
        .selectFrom("warehouses")
        .select("deactivated")
        .where("id", "in", ids)
        .execute()
        .then((rows) => rows.filter((r) => r.deactivated).length);
    const { page } = admin;
    await page.goto(`/admin/warehouses?deactivated=act&search_term=${encodeURIComponent(name)}`);
    await hydrated(page);
    await page.getByTestId("select-page").check();
    await hasText(page.getByTestId("bulk-count"), "Selezionati: 20");
    await page.getByTestId("select-all-matching").click();
    await hasText(page.getByTestId("bulk-count"), "Selezionati tutti i 22 risultati che corrispondono ai filtri");
    await page.getByTestId("bulk-off").click();
    const dialog = page.getByRole("dialog");
    await hasText(dialog, "Disattiva 22 magazzini: escono subito dalla ricerca.");
    await dialog.getByTestId("bulk-toggle-confirm").click();
    await hasText(page.getByTestId("bulk-notice"), /Magazzini disattivati: 22\. Riuscite 22 su 22\./);
    expect(await deactivated()).toBe(22);
    expect(await auditCount("warehouse.toggle_deactivated", ids)).toBe(22);

    // The notice's "Annulla": the inverse call on exactly those rows.
    await page.getByTestId("bulk-undo").click();
    await hasText(page.getByTestId("bulk-notice"), /Modifica annullata/);
    expect(await deactivated()).toBe(0);
    expect(await auditCount("warehouse.toggle_deactivated", ids)).toBe(44);
    // Back in the active filter's list (newest first: the last made on top).
    await hasText(page.getByTestId("admin-warehouses"), `${name} 21`);
  });
});
