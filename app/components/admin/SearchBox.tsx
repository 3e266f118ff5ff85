// The search box of a back-office list: a GET form (so it works before hydration, and the
// search lives in the URL: a reload or a shared link keeps it) that, once hydrated, also fires
// by itself when the typing pauses for 750 ms. A new search starts at page 1: only
// the search parameter is sent (with the `keep` ones: the list's filters), so ?page= is dropped.
import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import { buttonClass, inputClass } from "../ui/styles.ts";

export const SEARCH_DELAY_MS = 750;

type Props = {
  /** The query parameter (e.g. "search"). */
  name: string;
  /** The current search, as the loader read it from the URL. */
  value: string;
  label: string;
  buttonLabel: string;
  /** Other parameters a new search keeps (a list's filters); null or "" ones are left out. */
  keep?: Record<string, string | null>;
};

export function SearchBox({ name, value, label, buttonLabel, keep }: Props) {
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const run = (text: string) => {
    cancel();
    const trimmed = text.trim();
    const kept = Object.fromEntries(Object.entries(keep ?? {}).filter((e): e is [string, string] => !!e[1]));
    // An empty search leaves the URL clean (no "?search=").
    void submit(trimmed ? { ...kept, [name]: trimmed } : kept, { method: "get", replace: true, preventScrollReset: true });
  };

  useEffect(() => cancel, []);
  // Back and forward change the URL under the box: show that search, unless the user is typing.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = value;
  }, [value]);

  return (
    <Form
      method="get"
      role="search"
      // In a row of filters it takes the room its placeholder needs, up to max-w-md, before they wrap.
      className="flex w-full max-w-md flex-1 basis-72 gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        run(input.current?.value ?? "");
      }}
    >
      {Object.entries(keep ?? {}).map(([key, kept]) => (kept ? <input key={key} type="hidden" name={key} value={kept} /> : null))}
      <label htmlFor={`search-${name}`} className="sr-only">
        {label}
      </label>
      <input
        ref={input}
        id={`search-${name}`}
        name={name}
        type="search"
        defaultValue={value}
        placeholder={label}
        maxLength={120}
        autoComplete="off"
        className={inputClass}
        onChange={(event) => {
          const text = event.currentTarget.value;
          cancel();
          timer.current = setTimeout(() => run(text), SEARCH_DELAY_MS);
        }}
      />
      <button type="submit" className={buttonClass("secondary", "md")}>
        {buttonLabel}
      </button>
    </Form>
  );
}
