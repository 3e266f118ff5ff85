// An account decision (approved or refused) as its user hears of it: a notification in their area
// and an e-mail in their language, written in the decision's transaction.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { makeUser } from "../../../tests/support/factories.ts";
import { notifyAccountDecision } from "./account-notifications.ts";

const t = useTestDatabase();
const ctx = { origin: "http://stockspace.test", supportEmail: "help@stockspace.test" };

describe("notifyAccountDecision", () => {
  it("tells an approved stocker in the app and by e-mail, with the link to its area in its language", async () => {
    const user = await makeUser(t.db, { role: "stocker", lang: "en", first_name: "Sara" });
    const { notificationId, mailId } = await t.db.transaction().execute((trx) => notifyAccountDecision(trx, user, "approved", null, ctx));
    const notification = await t.db.selectFrom("notifications").selectAll().where("id", "=", notificationId).executeTakeFirstOrThrow();
    expect(notification).toMatchObject({
      user_id: user.id,
      type: "account_approved",
      read_at: null,
      data: { decision: "approved", url: "/en/stocker/profile" },
    });
    expect((notification.title as Record<string, string>).en).toBe("Your account has been approved");
    expect((notification.title as Record<string, string>).it).toBe("Il tuo account è stato approvato");
    const mail = await t.db.selectFrom("mail_outbox").selectAll().where("id", "=", mailId).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      to_address: user.email,
      template: "account_decision",
      lang: "en",
      reply_to: null,
      subject: "Your Stockspace account is active",
    });
    expect(mail.text).toContain("Sara");
    expect(mail.text).toContain("http://stockspace.test/en/stocker/profile");
  });

  it("tells an approved account without a password to choose one, with the given link and how long it lasts, in both languages", async () => {
    const cases = [
      { lang: "en", subject: "Your Stockspace account has been approved", action: "Choose your password", days: "valid for 7 days" },
      { lang: "it", subject: "Il tuo account Stockspace è stato approvato", action: "Scegli la password", days: "vale 7 giorni" },
    ] as const;
    for (const c of cases) {
      const user = await makeUser(t.db, { role: "stocker", lang: c.lang, password_hash: null });
      const link = `http://stockspace.test/${c.lang}/complete-account/${user.id}?u_token=abc`;
      const { mailId } = await t.db.transaction().execute((trx) => notifyAccountDecision(trx, user, "approved", null, ctx, { link, days: 7 }));
      const mail = await t.db.selectFrom("mail_outbox").selectAll().where("id", "=", mailId).executeTakeFirstOrThrow();
      expect(mail).toMatchObject({ template: "account_decision", lang: c.lang, subject: c.subject });
      expect(mail.text).toContain(c.action);
      expect(mail.text).toContain(link);
      expect(mail.text).toContain(c.days);
      expect(mail.text).not.toContain("/stocker/profile");
      expect(mail.html).toContain(link.replace("&", "&amp;"));
    }
  });

  it("tells a refused user where support is, with the administrator's note shown as text", async () => {
    const user = await makeUser(t.db, { role: "stocker", lang: "it" });
    const note = 'Partita IVA non valida <a href="https://phish.example">clicca</a>';
    const { notificationId, mailId } = await t.db.transaction().execute((trx) => notifyAccountDecision(trx, user, "refused", `  ${note}  `, ctx));
    const notification = await t.db.selectFrom("notifications").selectAll().where("id", "=", notificationId).executeTakeFirstOrThrow();
    expect(notification.type).toBe("account_refused");
    expect(notification.data).toEqual({ decision: "refused" });
    const message = (notification.message as Record<string, string>).it!;
    expect(message).toContain("Nota del nostro team: Partita IVA non valida &lt;a href=");
    expect(message).not.toContain("<a");
    const mail = await t.db.selectFrom("mail_outbox").selectAll().where("id", "=", mailId).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({
      template: "account_decision",
      lang: "it",
      reply_to: "help@stockspace.test",
      subject: "La tua richiesta di account Stockspace",
    });
    expect(mail.text).toContain("mailto:help@stockspace.test");
    expect(mail.text).toContain(note);
    // The mail's HTML shows the note as text too.
    expect(mail.html).not.toContain('<a href="https://phish.example"');
  });

  it("leaves neither behind when the decision's transaction rolls back", async () => {
    const user = await makeUser(t.db, { role: "stocker" });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await notifyAccountDecision(trx, user, "approved", null, ctx);
        throw new Error("decision failed");
      }),
    ).rejects.toThrow("decision failed");
    expect(await t.db.selectFrom("notifications").select("id").where("user_id", "=", user.id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom("mail_outbox").select("id").where("to_address", "=", user.email).execute()).toHaveLength(0);
  });
});
