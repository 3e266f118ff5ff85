// An unknown page under /{locale}: 404, shown by the root error boundary.
import { data } from "react-router";

export function loader() {
  throw data({ code: "not_found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
