// One name per specification group wherever a visitor meets it: the search's filters, the
// sheet, compare and the forms. The search said "Type of goods", "IT systems" and "Carico e
// scarico" where the catalogue said "Material type", "Information systems" and "Tipologia di
// scarico"; the clearer of each pair is kept here and in the search's messages (a test holds
// the two together).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await sql`update specification_categories set name_en = 'Type of goods' where key = 'material'`.execute(db);
  await sql`update specification_categories set name_en = 'IT systems' where key = 'it'`.execute(db);
  await sql`update specification_categories set name = 'Carico e scarico' where key = 'lu'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update specification_categories set name_en = 'Material type' where key = 'material'`.execute(db);
  await sql`update specification_categories set name_en = 'Information systems' where key = 'it'`.execute(db);
  await sql`update specification_categories set name = 'Tipologia di scarico' where key = 'lu'`.execute(db);
}
