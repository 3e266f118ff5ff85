// An unknown page under /{locale}: 404, shown by the root error boundary.
import { pageLoader } from "../server/http/page.ts";
import { NotFoundError } from "../server/errors.ts";

export const loader = pageLoader({ access: "public" }, () => {
  throw new NotFoundError();
});

export default function NotFound() {
  return null;
}
