// One action on many rows of the back office: each row in its own transaction, through the same
// service as the single row (so each is audited and told as one would be), and a row that fails
// (unknown, decided meanwhile, an administrator's account) gives its error without stopping the
// others. Rows are done one after the other: a thousand short transactions, no long lock.
import { DomainError } from "../errors.ts";
import type { BulkResult } from "../../schemas/admin-bulk.ts";

export async function eachRow(ids: readonly number[], run: (id: number) => Promise<{ changed: boolean }>): Promise<{ results: BulkResult[] }> {
  const results: BulkResult[] = [];
  for (const id of ids) {
    try {
      const { changed } = await run(id);
      results.push({ id, ok: true, changed });
    } catch (err) {
      // Only the domain's refusals are a row's answer; anything else (the database gone) stops the call.
      if (!(err instanceof DomainError)) throw err;
      results.push({ id, ok: false, error: err.code });
    }
  }
  return { results };
}
