// The link to an entity's history in the audit log (/admin/audit filtered on it), for the
// "Storico" link of an entity's back-office page.
export function auditLink(entityType: string, id: number | string): string {
  return `/admin/audit?${new URLSearchParams({ entity_type: entityType, entity_id: String(id) }).toString()}`;
}
