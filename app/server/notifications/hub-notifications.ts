// Telling a warehouse's owner that an administrator approved or refused their hub request: a
// notification in their area and an e-mail (template hub_decision), both written in the
// transaction of the decision, like notifyAccountDecision beside it (a rollback leaves neither).
import type { Database } from "../db/database.ts";
import type { Lang, UserRole } from "../db/types.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { createNotification } from "./notifications.service.ts";
import { escapeForMarkup } from "./safe-markup.ts";
import { areaBase, areaPaths } from "../../lib/area-paths.ts";
import { m } from "../../paraglide/messages.js";
import type { DecisionMailContext } from "./account-notifications.ts";

export type HubDecision = "approved" | "refused";

/** The warehouse's owner, as the back office reads it from users. */
export type HubOwner = { id: number; email: string; first_name: string | null; lang: Lang; role: UserRole };

/** The warehouse's page in its owner's area (a stocker's); the site otherwise. */
function warehousePath(owner: HubOwner, warehouseId: number): string {
  if (owner.role === "stocker") return areaPaths(areaBase("stocker", owner.lang)).warehouse(warehouseId);
  return `/${owner.lang}`;
}

/** Creates the notification and queues the e-mail of a hub decision. Pass the decision's transaction. */
export async function notifyHubDecision(
  trx: Database,
  owner: HubOwner,
  warehouse: { id: number; name: string; city: string },
  decision: HubDecision,
  note: string | null | undefined,
  ctx: DecisionMailContext,
): Promise<{ notificationId: number; mailId: number }> {
  const cleanNote = note?.trim() || null;
  const approved = decision === "approved";
  const path = warehousePath(owner, warehouse.id);

  const notificationId = await createNotification(trx, {
    userId: owner.id,
    type: approved ? "hub_approved" : "hub_refused",
    title: (locale) => (approved ? m.admhub_notif_approved_title({}, { locale }) : m.admhub_notif_refused_title({}, { locale })),
    message: (locale) => {
      // Names and the note are typed by people: shown as text, never as markup.
      const name = escapeForMarkup(warehouse.name);
      const text = approved
        ? m.admhub_notif_approved_message({ warehouse: name }, { locale })
        : m.admhub_notif_refused_message({ warehouse: name }, { locale });
      return cleanNote ? `${text}\n${m.anotif_account_note({ note: escapeForMarkup(cleanNote) }, { locale })}` : text;
    },
    data: { decision, warehouse_id: warehouse.id, url: path },
  });

  const mailId = await queueMail(trx, {
    to: owner.email,
    lang: owner.lang,
    template: "hub_decision",
    data: {
      firstName: owner.first_name,
      decision,
      warehouse: { name: warehouse.name, city: warehouse.city },
      note: cleanNote,
      link: `${ctx.origin}${path}`,
      supportEmail: ctx.supportEmail,
    },
    // An owner who answers a refusal reaches support.
    replyTo: approved ? null : ctx.supportEmail,
    origin: ctx.origin,
  });
  return { notificationId, mailId };
}
