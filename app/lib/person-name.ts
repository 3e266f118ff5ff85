// How a person is named on screen, in e-mails and in exports, the same on both sides (the
// queries that build a name in SQL use the same rule: server/db/person-name.ts).
// A user is shown by its company, else the business name it asked for, else its first and last
// name, else its e-mail (docs/decisions/027-display-name.md); a person who acts for another's
// company (a referent, an administrator) by its first and last name, else its e-mail.

type NameParts = { first_name?: string | null; last_name?: string | null };

/** First and last name, each trimmed, joined by a space; "" when there is neither. */
export function fullName(person: NameParts): string {
  return [person.first_name, person.last_name]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
}

/** A user as others see it: its company, else the business name it asked for, else its full name, else its e-mail ("" without any). */
export function displayName(user: NameParts & { company?: string | null; request_business_name?: string | null; email?: string | null }): string {
  return user.company?.trim() || user.request_business_name?.trim() || fullName(user) || user.email?.trim() || "";
}

/** A person who acts for a company not its own (a referent, an administrator): its full name, else its e-mail. */
export function personName(person: NameParts & { email?: string | null }): string {
  return fullName(person) || person.email?.trim() || "";
}
