// Any /admin path without a page yet: the guard has run (401/403 for non-admins); then 404.
import { pageLoader } from "../../server/http/page.ts";
import { NotFoundError } from "../../server/errors.ts";

export const loader = pageLoader({ access: "public" }, () => {
  throw new NotFoundError();
});

export default function AdminNotFound() {
  return null;
}
