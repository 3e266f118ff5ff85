// An on/off switch in a back-office row (a specification's "active", a user's "active", a
// warehouse's "deactivated"): a small POST form to the page's action, so it works before
// hydration; once hydrated it posts in the background, shows the new state at once and goes
// back (with a message) if the action answers { ok: false }. The page data reloads after it.
// Switching off can ask first (`confirmOff`: a popup naming what it does), and a page told of each
// switch done (`onDone`) can offer to take it back (components/admin/BulkActions.tsx `useNotice`).
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { XSRF_FIELD_NAME } from "../../lib/api-client.ts";
import { useRootData } from "../../lib/root-data.ts";
import type { PageActionResult } from "../../lib/page-action.ts";
import { ConfirmDialog } from "./BulkActions.tsx";

/** What a switch's page action answers (each action's own type lives with it, e.g. routes/admin/warehouses.tsx). */
type Toggled = PageActionResult<{ ok: true }>;

type Props = {
  /** The current state, as the loader read it. */
  isOn: boolean;
  /** The accessible name of the switch ("Pallet storage: active"). */
  label: string;
  /** The form fields that ask for `next`, e.g. { intent: "toggle", id, hidden: next ? "0" : "1" }. */
  fields: (next: boolean) => Record<string, string>;
  /** Shown under the switch when the action refused. */
  errorText: string;
  testId?: string;
  /** Switching off asks first, in a popup with this title, text and button (once the page's script runs). */
  confirmOff?: { title: string; text: string; confirmLabel: string };
  /** Told once the action answered ok, with the state asked for. */
  onDone?: (next: boolean) => void;
};

export function ActiveToggle({ isOn, label, fields, errorText, testId, confirmOff, onDone }: Props) {
  const fetcher = useFetcher<Toggled>();
  const { csrfToken } = useRootData();
  const form = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  // The state each submission asked for, so its answer is reported once.
  const asking = useRef<boolean | null>(null);
  const handled = useRef<Toggled | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    if (fetcher.data.ok && asking.current !== null) onDone?.(asking.current);
  }, [fetcher.state, fetcher.data, onDone]);
  // While the post runs, show what was asked for.
  const asked = fetcher.formData?.get("_next");
  const shown = asked === "1" ? true : asked === "0" ? false : isOn;
  const failed = fetcher.state === "idle" && fetcher.data?.ok === false;
  const next = !shown;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="inline-flex flex-col items-start"
      data-testid={testId}
      onSubmit={() => {
        asking.current = next;
      }}
    >
      <input type="hidden" name={XSRF_FIELD_NAME} value={csrfToken} />
      <input type="hidden" name="_next" value={next ? "1" : "0"} />
      {Object.entries(fields(next)).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <button
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          if (confirmOff && !next) {
            event.preventDefault();
            setConfirming(true);
          }
        }}
        // 44 px high on a phone (the track stays 24 px, centred in it; the negative margin keeps the
        // track's room in the layout), the track's own size from sm.
        className="relative -my-2.5 inline-flex h-11 w-11 shrink-0 items-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:my-0 sm:h-6"
      >
        <span aria-hidden="true" className={`inline-flex h-6 w-11 items-center rounded-full transition-colors ${shown ? "bg-brand-600" : "bg-slate-300"}`}>
          <span className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${shown ? "translate-x-5" : "translate-x-0.5"}`} />
        </span>
      </button>
      {failed && (
        <span role="alert" className="mt-1 text-xs text-red-700">
          {errorText}
        </span>
      )}
      {confirmOff && (
        <ConfirmDialog
          id="confirm-toggle"
          isOpen={confirming}
          title={confirmOff.title}
          text={confirmOff.text}
          confirmLabel={confirmOff.confirmLabel}
          danger
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            asking.current = false;
            void fetcher.submit(form.current);
          }}
        />
      )}
    </fetcher.Form>
  );
}
