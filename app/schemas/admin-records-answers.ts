// The answers of the back office's calls on one record (a user, a warehouse, a quote request, a
// report), its warehouse and request lists and the bulk calls, described in the API's document
// and checked against every answer the tests get (apiLoader's `response`). Times are as JSON
// writes them (ISO 8601 strings).
import { z } from "zod";
import { count, id, role, warehouseStatus } from "./answer-parts.ts";
import { REQUEST_STATES, requestDetails } from "./area-requests.ts";

/** POST /api/admin/warehouse-requests/{id}/add-warehouses: the request the warehouses were added to. */
export const warehouseRequestIdAnswer = z.strictObject({ warehouse_request_id: id });

/** POST /api/admin/users/{id}/erase. */
export const userErasedAnswer = z.strictObject({ user_id: id, erased: z.literal(true) });

/** POST /api/admin/users/{id}/send-password-reset. */
export const passwordResetSentAnswer = z.strictObject({
  user_id: id,
  /** reset_link: the recovery form's e-mail; invitation: an account created for someone and never completed gets its invitation again. */
  sent: z.enum(["reset_link", "invitation"]),
});

/** POST /api/admin/users/{id}/update-profile. */
export const profileUpdatedAnswer = z.strictObject({
  user_id: id,
  /** A new e-mail waits for its owner's confirmation link; the old one stays until then. */
  email_change_pending: z.boolean(),
});

/** GET /api/admin/users/{id}/sessions: the account's current sessions, the most recently used first. */
export const userSessionsAnswer = z.strictObject({
  sessions: z.array(
    z.strictObject({
      /** The session's key (its token's SHA-256, never the token): what POST …/sessions/end takes as session_id. */
      id: z.string(),
      created_at: z.string(),
      last_seen_at: z.string(),
      expires_at: z.string(),
      /** Opened with "remember me" (a long session). */
      remember: z.boolean(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
    }),
  ),
});

/** POST /api/admin/users/{id}/sessions/end. */
export const sessionsEndedAnswer = z.strictObject({
  user_id: id,
  /** How many sessions ended. */
  ended: count,
});

/** POST /api/admin/warehouses/{id}/toggle-deactivated. */
export const warehouseDeactivatedAnswer = z.strictObject({ warehouse_id: id, deactivated: z.boolean() });

/** POST /api/admin/warehouse-reports/{id}/close. */
export const warehouseReportClosedAnswer = z.strictObject({
  report_id: id,
  warehouse_id: id,
  closed_at: z.string(),
  /** The report was closed before: nothing changed, closed_at is that closing. */
  already_closed: z.boolean(),
});

/** GET /api/admin/warehouses: a page of every warehouse, with the count of all the filters match. */
export const adminWarehousesAnswer = z.strictObject({
  warehouses: z.array(
    z.strictObject({
      id,
      name: z.string(),
      address: z.string(),
      cap: z.string(),
      city: z.string(),
      province: z.string(),
      status: warehouseStatus,
      /** A hub request waits for the back office's decision. */
      to_approve: z.boolean(),
      deactivated: z.boolean(),
      is_hub: z.boolean(),
      /** Claimed and covered by its owner's running subscription: its sheet is public. */
      redeemed: z.boolean(),
      /** Square metres. */
      total_m2: z.number().nullable(),
      /** Declared free space not ended today, in square metres; null when none. */
      free_m2: z.number().int().nullable(),
      /** Declared free pallet positions not ended today; null when none. */
      free_pallets: z.number().int().nullable(),
      images_count: count,
      created_at: z.string(),
      owner_id: id.nullable(),
      owner_email: z.string().nullable(),
      owner_role: role.nullable(),
      /** The owner as people are named (the company first); null when unclaimed. */
      owner_name: z.string().nullable(),
    }),
  ),
  warehouses_count: count,
});

/** GET /api/admin/warehouses/search: the approval popup's warehouses (at most 20). */
export const approvalWarehouseSearchAnswer = z.strictObject({
  warehouses: z.array(
    z.strictObject({
      id,
      name: z.string(),
      city: z.string(),
      province: z.string(),
      address: z.string(),
      status: warehouseStatus,
      deactivated: z.boolean(),
      /** Who owns it; null when nobody does (the only ones an approval may attach). */
      owner: z.strictObject({ id, name: z.string(), email: z.string() }).nullable(),
    }),
  ),
});

/** GET /api/admin/warehouse-requests: a page of the quote requests, each with the warehouses it went to. */
export const adminRequestsAnswer = z.strictObject({
  warehouse_requests: z.array(
    z.strictObject({
      ...requestDetails.shape,
      /** The requester's account; null for a visitor's request. */
      user_id: id.nullable(),
      /** How many of its warehouses answered (a first state change or offer). */
      answered_count: count,
      warehouses: z.array(
        z.strictObject({
          /** The link (request × warehouse). */
          link_id: id,
          id,
          name: z.string(),
          city: z.string(),
          address: z.string(),
          state: z.enum(REQUEST_STATES),
          is_hub: z.boolean(),
          /** Has a public sheet; otherwise only the back office's edit page. */
          redeemed: z.boolean(),
          /** Approved and not deactivated. */
          listed: z.boolean(),
          /** Who is told of the request: its referent, else its owner; null when the warehouse has neither. */
          handler: z.strictObject({ kind: z.enum(["referent", "owner"]), name: z.string().nullable(), email: z.string() }).nullable(),
          /** When the link was made (the request's time, or later when added from the back office). */
          created_at: z.string(),
        }),
      ),
    }),
  ),
  warehouse_requests_count: count,
});

/** GET /api/admin/warehouse-requests/{id}/warehouses/search: the add-warehouses popup's candidates (at most 20). */
export const requestWarehouseCandidatesAnswer = z.strictObject({
  warehouses: z.array(
    z.strictObject({
      id,
      name: z.string(),
      city: z.string(),
      province: z.string(),
      address: z.string(),
      redeemed: z.boolean(),
      is_hub: z.boolean(),
      /** Kilometres from the request's place, for the nearby list (no term); null for a search's results. */
      distance_km: z.number().nullable(),
    }),
  ),
});
