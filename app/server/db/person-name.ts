// The names of app/lib/person-name.ts built in SQL, for the queries that put a name inside JSON or
// an expression: the same rule, without the e-mail (the queries answer it beside the name). Null
// where there is no name.
import { sql, type RawBuilder } from "kysely";

/** First and last name of the users row `alias`, trimmed and joined by a space; null without either. */
export function fullNameSql(alias: string): RawBuilder<string | null> {
  return sql<
    string | null
  >`nullif(btrim(concat_ws(' ', nullif(btrim(${sql.ref(`${alias}.first_name`)}), ''), nullif(btrim(${sql.ref(`${alias}.last_name`)}), ''))), '')`;
}

/** The users row `alias` as others see it: its company, else the business name it asked for, else its full name; null without any. */
export function displayNameSql(alias: string): RawBuilder<string | null> {
  return sql<
    string | null
  >`coalesce(nullif(btrim(${sql.ref(`${alias}.company`)}), ''), nullif(btrim(${sql.ref(`${alias}.request_business_name`)}), ''), ${fullNameSql(alias)})`;
}
