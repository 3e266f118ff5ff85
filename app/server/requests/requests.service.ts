// Sending a quote request to one or many warehouses (POST /api/warehouses/send-requests).
// Everything a request causes is written in one transaction: the request, its
// specifications, a pending link per warehouse, a notification and an e-mail (outbox) to
// whoever handles each warehouse (and to its owner when a referent handles it, the e-mail
// unless the owner turned it off), and the confirmation e-mail to the requester (with where
// to follow the request: a visitor's personal link, made here, or a hunter's area). Either all
// of it exists afterwards or none of it does.
import { escapeForMarkup } from "../notifications/safe-markup.ts";
import type { Database } from "../db/database.ts";
import type { Actor } from "../context.ts";
import type { Lang } from "../db/types.ts";
import type { Locale } from "../../lib/locale.ts";
import { RateLimitError, ValidationError } from "../errors.ts";
import { queueMail } from "../mail/outbox.service.ts";
import { createNotifications, type NewNotificationInput } from "../notifications/notifications.service.ts";
import { visitorQuoteErrors, QUOTE_DEFAULT_RADIUS, type SendRequestsInput } from "../../schemas/quote.ts";
import { requestNumber } from "../../lib/format.ts";
import { m } from "../../paraglide/messages.js";
import { quoteMailFacts, type QuoteMailRequest } from "../mail/templates.ts";
import {
  countRequestsSince,
  emailHasAccount,
  findRequestableWarehouses,
  findSpecifications,
  insertRequestLinks,
  insertRequestSpecifications,
  insertWarehouseRequest,
  listActiveAdmins,
  lockRequestCounter,
  type RequestCounter,
} from "./requests.queries.ts";
import { isListedRow } from "../warehouses/warehouses.queries.ts";
import { personName } from "../../lib/person-name.ts";
import { areaBase, areaPaths } from "../../lib/area-paths.ts";
import { requestAccessPath, requestAccessToken } from "../deal/request-access.service.ts";

// Quote limits, over the last hour: generous for a person (one request already reaches up to
// 50 warehouses), tight for a script. A logged-in user is counted by account only (not by
// the address typed, not by IP: an office behind one address is not one person); a visitor
// by IP and by the contact address (which protects that inbox from confirmations).
//
// They count *accepted* requests, read from warehouse_requests itself inside the
// transaction that writes the new one, under an advisory lock per counter. Counting rows
// rather than keeping counters: a refused or rate-limited attempt writes no row, so it can
// consume nobody's quota; nothing can drift (a rolled-back request leaves no count behind);
// the window slides; and the indexes of migration 0005 keep it an index range scan.
export const QUOTE_LIMIT_PER_ACCOUNT = { max: 20, windowSeconds: 3600 };
export const QUOTE_LIMIT_PER_VISITOR_IP = { max: 20, windowSeconds: 3600 };
export const QUOTE_LIMIT_PER_VISITOR_CONTACT = { max: 10, windowSeconds: 3600 };

/** 429 when one of the requester's counters is full. Call inside the transaction that writes the request. */
async function refuseOverQuoteLimits(trx: Database, actor: Actor | null, contact: string, ip: string): Promise<void> {
  // Always in this order (account, or IP then address), so two requests never wait on each other's locks in a cycle.
  const counters: { key: string; counter: RequestCounter; limit: { max: number; windowSeconds: number } }[] = actor
    ? [{ key: `user:${actor.id}`, counter: { userId: actor.id }, limit: QUOTE_LIMIT_PER_ACCOUNT }]
    : [
        ...(ip ? [{ key: `ip:${ip}`, counter: { visitorIp: ip }, limit: QUOTE_LIMIT_PER_VISITOR_IP }] : []),
        { key: `contact:${contact.toLowerCase()}`, counter: { visitorContact: contact }, limit: QUOTE_LIMIT_PER_VISITOR_CONTACT },
      ];
  for (const { key, counter, limit } of counters) {
    await lockRequestCounter(trx, key);
    const now = Date.now();
    const { count, oldest } = await countRequestsSince(trx, counter, new Date(now - limit.windowSeconds * 1000));
    if (count >= limit.max) {
      const retryAfter = oldest ? Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - now) / 1000) : limit.windowSeconds;
      throw new RateLimitError(Math.max(1, retryAfter));
    }
  }
}

export type SendContext = { ip: string; locale: Locale; origin: string };

export type SendResult =
  | { sent: true; warehouseRequestId: number; linkIds: number[] }
  /** The honeypot was filled: nothing written, but the robot is told it worked. */
  | { sent: false; warehouseRequestId: null; linkIds: [] };

/** The name shown for an unclaimed warehouse, whose identity is not public. */
export function anonymisedName(id: number): string {
  return `Stocker ${id}`;
}

/**
 * Where a hunter's quote request to this warehouse is placed, or null when it takes none (not
 * approved, or switched off): its published position (jittered unless redeemed), as the search
 * shows it.
 */
export function quotePosition(w: { status: string; deactivated: boolean; pub_lat: number; pub_lng: number }): { lat: number; lng: number } | null {
  return isListedRow(w) ? { lat: w.pub_lat, lng: w.pub_lng } : null;
}

type Handler = {
  userId: number;
  email: string;
  firstName: string | null;
  lang: Lang;
  kind: "referent" | "owner" | "admin";
  /** Whether the e-mail goes too (the in-app notification always does). */
  mail: boolean;
  /** For an owner whose referent handles the warehouse's requests: that referent's name. */
  referent: string | null;
};
type WarehouseRow = Awaited<ReturnType<typeof findRequestableWarehouses>>[number];

/**
 * Who hears of a request to a warehouse. Its referent handles it, and its owner is told too (in
 * the app, and by e-mail unless it turned that off for this warehouse), so no lead goes unseen by
 * the one who pays for it. Without an active referent the owner handles it; without an owner
 * either, the administrators.
 */
function handlersOf(w: WarehouseRow, admins: Awaited<ReturnType<typeof listActiveAdmins>>): Handler[] {
  const owner =
    w.user_id && w.owner_email && w.owner_active
      ? { userId: w.user_id, email: w.owner_email, firstName: w.owner_first_name, lang: w.owner_lang ?? "it", kind: "owner" as const }
      : null;
  if (w.referent_id && w.referent_email && w.referent_active) {
    const referent: Handler = {
      userId: w.referent_id,
      email: w.referent_email,
      firstName: w.referent_first_name,
      lang: w.referent_lang ?? "it",
      kind: "referent",
      mail: true,
      referent: null,
    };
    if (!owner) return [referent];
    const name = personName({ first_name: w.referent_first_name, last_name: w.referent_last_name, email: w.referent_email });
    return [referent, { ...owner, mail: w.owner_request_emails, referent: name }];
  }
  if (owner) return [{ ...owner, mail: true, referent: null }];
  return admins.map((a) => ({ userId: a.id, email: a.email, firstName: a.first_name, lang: a.lang, kind: "admin" as const, mail: true, referent: null }));
}

function handlerLink(handler: Handler, warehouseId: number, origin: string): string {
  switch (handler.kind) {
    case "referent":
      return `${origin}/${handler.lang}/referent/profile/messages`;
    case "owner":
      return `${origin}/${handler.lang}/stocker/profile/messages`;
    case "admin":
      // The admin finds the owner from the warehouse's data and contacts.
      return `${origin}/admin/warehouses/${warehouseId}/edit`;
  }
}

/** A warehouse that may receive a request, with who handles it (findRequestableWarehouses). */
export type RequestableWarehouse = WarehouseRow;

/**
 * Tells whoever handles each warehouse that a request reached it: an in-app notification and an
 * e-mail (outbox), in the caller's transaction. Used when a request is sent and when the back
 * office adds warehouses to it, so both reach the handlers the same way.
 */
export async function notifyWarehouseHandlers(
  trx: Database,
  args: {
    requestId: number;
    mailRequest: QuoteMailRequest;
    replyTo: string;
    warehouses: RequestableWarehouse[];
    links: { id: number; warehouse_id: number }[];
    origin: string;
  },
): Promise<void> {
  const { mailRequest, origin } = args;
  const needsAdmins = args.warehouses.some((w) => handlersOf(w, []).length === 0);
  const admins = needsAdmins ? await listActiveAdmins(trx) : [];
  const linkOf = new Map(args.links.map((l) => [l.warehouse_id, l.id]));
  const number = mailRequest.number;
  const notifications: NewNotificationInput[] = [];
  for (const w of args.warehouses) {
    const claimed = w.user_id !== null;
    for (const handler of handlersOf(w, admins)) {
      const admin = handler.kind === "admin";
      const link = handlerLink(handler, w.id, origin);
      notifications.push({
        userId: handler.userId,
        type: "quote_request",
        title: (locale) => m.notif_quote_request_title({}, { locale }),
        message: (locale) =>
          admin
            ? m.notif_quote_request_admin_message(
                { business_name: escapeForMarkup(mailRequest.businessName), warehouse: escapeForMarkup(w.name), id: w.id, number },
                { locale },
              )
            : handler.referent !== null
              ? m.notif_quote_request_owner_message(
                  {
                    business_name: escapeForMarkup(mailRequest.businessName),
                    warehouse: escapeForMarkup(w.name),
                    number,
                    referent: escapeForMarkup(handler.referent),
                  },
                  { locale },
                )
              : m.notif_quote_request_message(
                  { business_name: escapeForMarkup(mailRequest.businessName), warehouse: escapeForMarkup(w.name), number },
                  { locale },
                ),
        data: { warehouse_id: w.id, warehouse_request_id: args.requestId, link_id: linkOf.get(w.id)!, claimed, url: link.replace(origin, "") },
      });
      // An owner told of what its referent handles may have turned the e-mail off for this warehouse.
      if (!handler.mail) continue;
      await queueMail(trx, {
        to: handler.email,
        lang: handler.lang,
        template: "quote_request_received",
        data: {
          firstName: handler.firstName,
          forAdmin: admin,
          warehouse: { id: w.id, name: w.name, city: w.city },
          request: mailRequest,
          link,
          // The hunter saw it anonymised: its owner learns what a subscription would show.
          subscribeLink: handler.kind === "owner" && !w.redeemed ? `${origin}/${handler.lang}/stocker/profile/billing?w=${w.id}` : null,
          // An owner whose referent handles it: who does, and where these e-mails are turned off.
          handledBy:
            handler.referent !== null ? { referent: handler.referent, settingsLink: `${origin}/${handler.lang}/stocker/profile/warehouses/${w.id}` } : null,
        },
        replyTo: args.replyTo,
        origin,
      });
    }
  }
  await createNotifications(trx, notifications);
}

/**
 * Where the confirmation sends the requester to follow the request (decision 036): a visitor
 * gets the request's personal link, made here in the request's transaction; a stock hunter the
 * page of the request in their area. Other accounts have no page of their requests.
 */
async function followLink(trx: Database, actor: Actor | null, requestId: number, ctx: SendContext) {
  if (!actor) return { kind: "personal" as const, link: `${ctx.origin}${requestAccessPath(ctx.locale, await requestAccessToken(trx, requestId))}` };
  if (actor.role === "stock_hunter")
    return { kind: "area" as const, link: `${ctx.origin}${areaPaths(areaBase("stock_hunter", ctx.locale)).request(requestId)}` };
  return null;
}

/** Send one quote request to the chosen warehouses. `actor` is null for a visitor. */
export async function sendQuoteRequests(db: Database, actor: Actor | null, input: SendRequestsInput, ctx: SendContext): Promise<SendResult> {
  if (input.hp && input.hp.trim() !== "") return { sent: false, warehouseRequestId: null, linkIds: [] };
  const data = input.request_data;

  if (!actor) {
    const errors = visitorQuoteErrors(data);
    if (Object.keys(errors).length) throw new ValidationError(errors);
  }

  // A visitor writing an account's e-mail is asked to log in instead, so that the request
  // lands in that account's history and nobody writes in someone else's name.
  if (!actor && (await emailHasAccount(db, data.contact))) throw new ValidationError({ email: "taken" }, "email_taken");

  return db.transaction().execute(async (trx) => {
    const warehouses = await findRequestableWarehouses(trx, input.warehouse_ids);
    if (warehouses.length !== input.warehouse_ids.length) {
      throw new ValidationError({ warehouse_ids: "unavailable" });
    }
    const specifications = await findSpecifications(trx, input.specification_ids);
    if (specifications.length !== input.specification_ids.length) throw new ValidationError({ specification_ids: "invalid" });
    // After every refusal of the input, so only a request that will be written is counted.
    await refuseOverQuoteLimits(trx, actor, data.contact, ctx.ip);

    const request = await insertWarehouseRequest(trx, {
      user_id: actor?.id ?? null,
      business_name: data.business_name,
      contact: data.contact,
      telephone: data.telephone,
      referent: data.referent,
      message: data.message,
      location: data.location ?? "",
      radius: data.radius ?? QUOTE_DEFAULT_RADIUS,
      m2_type: data.m2_type ?? "m2",
      m2_value: data.m2_value,
      start_date: data.start_date,
      end_date: data.end_date,
      // Logged-in users accepted conditions and privacy when they registered.
      conditions: actor ? true : data.conditions,
      privacy: actor ? true : data.privacy,
      data_f: data.data_f ?? false,
      data_g: data.data_g ?? false,
      to_notify: true,
      lat: data.lat,
      lng: data.lng,
      lang: ctx.locale,
      ip: ctx.ip || null,
    });
    await insertRequestSpecifications(trx, request.id, input.specification_ids);
    // Links in the order the requester chose the warehouses.
    const order = new Map(input.warehouse_ids.map((id, i) => [id, i]));
    const sorted = [...warehouses].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const links = await insertRequestLinks(
      trx,
      request.id,
      sorted.map((w) => w.id),
    );

    const number = requestNumber(request.id);
    const mailRequest: QuoteMailRequest = {
      number,
      businessName: data.business_name,
      referent: data.referent,
      contact: data.contact,
      telephone: data.telephone,
      message: data.message,
      location: data.location,
      radius: data.radius ?? QUOTE_DEFAULT_RADIUS,
      m2Type: data.m2_type ?? "m2",
      m2Value: data.m2_value,
      startDate: data.start_date,
      endDate: data.end_date,
      specifications: specifications.map((s) => ({ value: s.value, value_en: s.value_en })),
    };

    await notifyWarehouseHandlers(trx, { requestId: request.id, mailRequest, replyTo: data.contact, warehouses: sorted, links, origin: ctx.origin });

    const contacted = sorted.map((w) =>
      w.redeemed ? { name: w.name, city: w.city, address: w.address } : { name: anonymisedName(w.id), city: w.city, address: null },
    );
    // The requester's own words go back only to an address proven theirs: a logged-in user
    // writing their account's address. A visitor (or a user typing another address) could
    // otherwise make us mail any text to anyone.
    const verified = actor !== null && actor.email.toLowerCase() === data.contact.toLowerCase();
    const follow = await followLink(trx, actor, request.id, ctx);
    await queueMail(trx, {
      to: data.contact,
      lang: ctx.locale,
      template: "quote_request_confirmation",
      data: verified
        ? { verified: true, referent: data.referent, request: mailRequest, warehouses: contacted, follow }
        : { verified: false, request: quoteMailFacts(mailRequest), warehouses: contacted, follow },
      origin: ctx.origin,
    });

    return { sent: true as const, warehouseRequestId: request.id, linkIds: links.map((l) => l.id) };
  });
}
