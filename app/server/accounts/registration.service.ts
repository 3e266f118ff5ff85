// Registration (POST /register). A stock hunter's account is created without a password
// and gets a confirmation code by e-mail (confirm-code.service.ts). A stocker's
// registration is a request: it enters the approval queue (approval_status 'pending') with
// the business data and, optionally, the unclaimed warehouse being claimed; the operator is
// told by e-mail, and on approval the back office sends the stocker an invitation to
// complete the account (invitations.service.ts). An invite code credits the inviter. An
// address with a referent invitation nobody completed is not taken: the invitation yields.
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { Lang } from "../db/types.ts";
import { ForbiddenError, ValidationError } from "../errors.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { hit } from "../security/rate-limit.ts";
import type { RegisterUserData } from "../../schemas/auth.ts";
import type { AccountContext } from "./account-context.ts";
import * as q from "./accounts.queries.ts";
import { issueConfirmationCode } from "./confirm-code.service.ts";
import { isPendingInvitation, withdrawPendingInvitation } from "./invitations.service.ts";
import { newInviteCode } from "./admin-accounts.ts";
import { REGISTER_PER_EMAIL, REGISTER_PER_IP } from "./limits.ts";

/** The name an unclaimed warehouse goes by in public (its identity is not public). */
const unclaimedName = (id: number) => `Stocker ${id}`;

/** A unique invite code for a new account. */
export async function freshInviteCode(db: Database): Promise<string> {
  for (;;) {
    const code = newInviteCode();
    if (!(await q.inviteCodeExists(db, { code }))) return code;
  }
}

/** A unique bank-transfer reference for a stocker: "SS-" and 6 characters. */
export async function freshStockspaceCode(db: Database): Promise<string> {
  for (;;) {
    const code = `SS-${newInviteCode().slice(0, 6)}`;
    if (!(await q.stockspaceCodeExists(db, { code }))) return code;
  }
}

/** PostgreSQL's unique violation on the lowercased e-mail (two registrations racing). */
export function isEmailConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e?.code === "23505" && e.constraint === "users_email_key";
}

export const emailTakenError = () => new ValidationError({ email: "taken" }, "email_taken");

export type Registration = { userId: number; role: "stock_hunter" | "stocker"; email: string };

/** Register a visitor as a stock hunter or a stocker (a request for approval). */
export async function register(db: Database, actor: Actor | null, data: RegisterUserData, ctx: AccountContext): Promise<Registration> {
  if (actor) throw new ForbiddenError("already_logged_in");
  await hit(db, REGISTER_PER_IP, [ctx.ip ? `ip:${ctx.ip}` : null]);
  await hit(db, REGISTER_PER_EMAIL, [`email:${data.email}`]);
  // A referent invitation nobody completed does not keep the address from its owner: it yields
  // to this registration (withdrawPendingInvitation, in the transaction below).
  const existing = await q.findAccountByEmail(db, { email: data.email });
  if (existing && !isPendingInvitation(existing)) throw emailTakenError();
  if (data.market_id && !(await q.marketExists(db, { id: data.market_id }))) throw new ValidationError({ market_id: "invalid" });

  const stocker = data.role === "stocker";
  const warehouse = stocker && data.request_warehouse_id ? await q.findClaimableWarehouse(db, { id: data.request_warehouse_id }) : null;
  if (stocker && data.request_warehouse_id && !warehouse) throw new ValidationError({ request_warehouse_id: "unavailable" });

  const lang: Lang = data.lang ?? ctx.locale;
  const now = new Date();
  try {
    return await db.transaction().execute(async (trx) => {
      // An unknown invite code is ignored: a stale link must not stop a registration.
      if (existing && !(await withdrawPendingInvitation(trx, existing.id))) throw emailTakenError();
      const inviter = data.reg_invite_code ? await q.findInviter(trx, { code: data.reg_invite_code }) : undefined;
      const userId = await q.insertUser(trx, {
        email: data.email,
        role: data.role,
        password_hash: null,
        has_confirmed_code: false,
        first_name: data.first_name,
        last_name: data.last_name,
        telephone: data.telephone,
        company: stocker ? (data.company ?? data.request_business_name) : data.company,
        market_id: data.market_id,
        website: data.website,
        country: data.country ?? (stocker ? data.request_country : null),
        address: data.address,
        lang,
        conditions_at: now,
        privacy_at: now,
        data_f: data.data_f,
        data_f_at: data.data_f ? now : null,
        data_g: data.data_g,
        data_g_at: data.data_g ? now : null,
        invite_code: await freshInviteCode(trx),
        invited_by: inviter?.id ?? null,
        ...(stocker
          ? {
              account_type: null,
              approval_status: "pending" as const,
              request_business_name: data.request_business_name,
              request_vat: data.request_vat,
              request_country: data.request_country,
              request_address: data.request_address,
              request_cap: data.request_cap,
              request_city: data.request_city,
              request_province: data.request_province,
              request_warehouse_id: warehouse?.id ?? null,
              stockspace_code: await freshStockspaceCode(trx),
            }
          : {}),
      });
      if (inviter) await q.incrementInviteCount(trx, { userId: inviter.id });

      if (!stocker) {
        await issueConfirmationCode(trx, { id: userId, email: data.email, lang }, ctx);
      } else {
        const warehouseName = warehouse ? unclaimedName(warehouse.id) : null;
        // Anyone can register any address: until its owner proves it (the invitation after
        // approval), a mail to it carries no text the registration typed (name, business).
        await queueMail(trx, {
          to: data.email,
          lang,
          template: "stocker_request_received",
          data: { firstName: null, businessName: null, warehouseName },
          origin: ctx.origin,
        });
        // The operator works in Italian (the back office is Italian).
        await queueMail(trx, {
          to: ctx.supportEmail,
          lang: "it",
          template: "stocker_request_admin",
          replyTo: data.email,
          data: {
            businessName: data.request_business_name ?? "",
            vat: data.request_vat ?? "",
            email: data.email,
            place: [
              data.request_address,
              [data.request_cap, data.request_city, data.request_province ? `(${data.request_province})` : null].filter(Boolean).join(" "),
              data.request_country,
            ]
              .filter(Boolean)
              .join(", "),
            warehouse: warehouse ? `${unclaimedName(warehouse.id)} – ${warehouse.city} (id ${warehouse.id})` : null,
            link: `${ctx.origin}/admin`,
          },
          origin: ctx.origin,
        });
      }
      return { userId, role: data.role, email: data.email };
    });
  } catch (err) {
    if (isEmailConflict(err)) throw emailTakenError();
    throw err;
  }
}
