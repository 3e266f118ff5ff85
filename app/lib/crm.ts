// The CRM's options, apart from the schemas
// (app/schemas/crm.ts) so that the CRM pages can use them without loading the validation library.

/** The event types: call, mail, meet, meeting, other (Telefono, E-mail, Visita, Meeting, Altro). */
export const CRM_EVENT_TYPES = ["call", "mail", "meet", "meeting", "other"] as const;
export type CrmEventTypeName = (typeof CRM_EVENT_TYPES)[number];

/** The columns the list sorts by (order[key]); anything else is refused, never put in SQL. */
export const CRM_ORDER_KEYS = ["date", "client", "contact", "event_type", "follow_up", "follow_up_done"] as const;
export type CrmOrderKey = (typeof CRM_ORDER_KEYS)[number];
export const ORDER_DIRS = ["asc", "desc"] as const;
export type OrderDir = (typeof ORDER_DIRS)[number];
export type CrmOrder = { key: CrmOrderKey; dir: OrderDir };
/** The list's order when the URL names none: newest first. */
export const DEFAULT_CRM_ORDER: CrmOrder = { key: "date", dir: "desc" };

/**
 * The actions page's filter (spec: pending, done, all; pending is the default), and overdue: pending
 * with its event's day (the day the action is due) before today.
 */
export const CRM_ACTION_FILTERS = ["pending", "overdue", "done", "all"] as const;
export type CrmActionFilter = (typeof CRM_ACTION_FILTERS)[number];
