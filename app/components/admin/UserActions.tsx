// The back office's actions on a user row, built once for the stockers' and the stock hunters'
// lists: the active switch (off ends the user's sessions) and the confirmation e-mail sent again.
// They post to the list page's own action (routes/shared/admin-user-actions.server.ts). And the
// lists' bulk kit: the rows picked, switched on or off at once.
import { useFetcher } from "react-router";
import { m } from "../../paraglide/messages.js";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { FormMessage } from "../ui/fields.tsx";
import { ActiveToggle } from "./ActiveToggle.tsx";
import { PickedExportLinks } from "./ExportLinks.tsx";
import { BulkBar, BulkToggleActions, toggledNotice, useListSelection, useNotice, USERS_BULK_URL, usersBody } from "./BulkActions.tsx";

/** What the page's action answers (its own type is UserActionResult, with the action). */
type Sent = PageActionResult<{ ok: true }>;

/**
 * Whether the account is active; pressing the switch turns it off (its sessions end: asked first)
 * or on. `onDone`: told of each switch done (the page offers to take it back).
 */
/** A users' list's "Attivo" cell: the switch, or for an account erased on a GDPR request nothing to switch. */
export function UserActiveCell({ user, onDone }: { user: { id: number; name: string; active: boolean; erased: boolean }; onDone?: (next: boolean) => void }) {
  if (user.erased) {
    return (
      <span className="text-slate-500" data-testid={`erased-${user.id}`}>
        {m.admusr_erased_account()}
      </span>
    );
  }
  return (
    <div className="relative z-10 w-fit">
      <UserActiveToggle userId={user.id} name={user.name} active={user.active} onDone={onDone} />
    </div>
  );
}

export function UserActiveToggle({ userId, name, active, onDone }: { userId: number; name: string; active: boolean; onDone?: (next: boolean) => void }) {
  return (
    <ActiveToggle
      confirmOff={{ title: m.admusr_deactivate({ name }), text: m.admbulk_usr_deactivate_one_text(), confirmLabel: m.admbulk_usr_deactivate() }}
      onDone={onDone}
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

/**
 * A user list's bulk kit (stockers, stock hunters): the rows picked, the page's notice, the bar
 * with "Attiva" / "Disattiva" (POST /api/admin/users/bulk-toggle-active) and "Esporta" (the list's
 * export of the rows picked), and what a row's switch
 * reports (its notice with "Annulla").
 */
export function useUserBulk(args: {
  users: readonly { id: number; name: string }[];
  total: number;
  idsUrl: string;
  urlNames: Record<string, string>;
  /** The list's export, offered for the rows picked too (?ids=). */
  exportUrl: string;
}) {
  const nameOf = (id: number) => args.users.find((u) => u.id === id)?.name ?? `#${id}`;
  const selection = useListSelection({
    pageIds: args.users.map((u) => u.id),
    total: args.total,
    idsUrl: args.idsUrl,
    urlNames: args.urlNames,
    rowLabel: (id) => m.admbulk_select_row({ name: nameOf(id) }),
  });
  const notice = useNotice();
  const bar = (
    <BulkBar selection={selection}>
      <BulkToggleActions
        selection={selection}
        url={USERS_BULK_URL}
        body={usersBody}
        nameOf={nameOf}
        showNotice={notice.show}
        texts={{
          on: m.admbulk_usr_activate(),
          off: m.admbulk_usr_deactivate(),
          onTitle: (count) => m.admbulk_usr_activate_title({ count }),
          onText: (count) => m.admbulk_usr_activate_text({ count }),
          offTitle: (count) => m.admbulk_usr_deactivate_title({ count }),
          offText: (count) => m.admbulk_usr_deactivate_text({ count }),
          onDone: (count) => m.admbulk_usr_activated({ count }),
          offDone: (count) => m.admbulk_usr_deactivated({ count }),
        }}
      />
      <PickedExportLinks endpoint={args.exportUrl} urlNames={args.urlNames} ids={selection.selected} testId="bulk-export" />
    </BulkBar>
  );
  const toggled = (user: { id: number; name: string }) => (on: boolean) =>
    notice.show(
      toggledNotice({
        id: user.id,
        on,
        message: on ? m.admbulk_usr_activated_one({ name: user.name }) : m.admbulk_usr_deactivated_one({ name: user.name }),
        url: USERS_BULK_URL,
        body: usersBody,
      }),
    );
  return { selection, notice: notice.element, bar, toggled };
}
