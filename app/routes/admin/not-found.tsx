// Any /admin path without a page yet: the guard has run (401/403 for non-admins); then 404.
import { data } from "react-router";

export function loader() {
  throw data({ code: "not_found" }, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
