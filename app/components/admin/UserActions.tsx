// The back office's actions on a user row, built once for the stockers' and the stock hunters'
// lists: the active switch (off ends the user's sessions) and the confirmation e-mail sent again.
// They post to the list page's own action (routes/shared/admin-user-actions.server.ts).
import { useFetcher } from "react-router";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { FormMessage } from "../ui/fields.tsx";
import { ActiveToggle } from "./ActiveToggle.tsx";

/** What the page's action answers (its own type is UserActionResult, with the action). */
type Sent = PageActionResult<{ ok: true }>;

/** Whether the account is active; pressing the switch turns it off (its sessions end) or on. */
export function UserActiveToggle({ userId, name, active }: { userId: number; name: string; active: boolean }) {
  return (
    <ActiveToggle
      isOn={active}
      label={active ? m.admusr_deactivate({ name }) : m.admusr_activate({ name })}
      fields={(next) => ({ intent: "active", user_id: String(userId), "user_data[active]": next ? "1" : "0" })}
      errorText={m.admusr_error()}
      testId={`user-active-${userId}`}
    />
  );
}

/** "No" and the button that sends the confirmation e-mail again. */
export function ResendConfirm({ userId }: { userId: number }) {
  const fetcher = useFetcher<Sent>();
  const { csrfToken } = useRootData();
  const result = fetcher.data;
  return (
    <div className="space-y-1">
      <span>{m.admusr_no()}</span>
      {result?.ok ? (
        <FormMessage tone="success">{m.admusr_resent()}</FormMessage>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="user_id" value={userId} />
          {/* 44 px to press on a small line (16 px of text and 14 px above and below, given back by the negative margin). */}
          <button
            type="submit"
            className="-my-3.5 py-3.5 text-left text-xs font-semibold text-brand-700 underline underline-offset-2"
            title={m.admusr_resend()}
            disabled={fetcher.state !== "idle"}
          >
            {m.admusr_resend_short()}
          </button>
        </fetcher.Form>
      )}
      {result && !result.ok && <FormMessage tone="error">{result.error === "account_completed" ? m.admusr_already_confirmed() : m.admusr_error()}</FormMessage>}
    </div>
  );
}
