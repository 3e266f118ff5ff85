// The stocker's invitations: the link that opens the stocker registration with the code, and
// the reward tier reached. The spec gives the tiers as "1 to 5, 5 to 10, over 10 invites";
// read as 1–5, 6–10 and 11 or more, so each count has one tier. What each tier is worth is
// the business's to set: the texts are messages (ainv_tier*_text), not figures in code.

/** {origin}?serr=1&ic={invite_code} (the spec's form). */
export function inviteLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, "")}?serr=1&ic=${encodeURIComponent(code)}`;
}

export const INVITE_TIERS = [
  { tier: 1, from: 1, to: 5 },
  { tier: 2, from: 6, to: 10 },
  { tier: 3, from: 11, to: null },
] as const;

export type InviteTier = 0 | 1 | 2 | 3;

/** The tier reached with `count` registrations (0: none yet). */
export function inviteTier(count: number): InviteTier {
  if (count >= 11) return 3;
  if (count >= 6) return 2;
  if (count >= 1) return 1;
  return 0;
}
