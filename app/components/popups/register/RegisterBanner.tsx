// The error banner of the registration forms. When the address already has an account it
// offers the login popup right there.
import { m } from "../../../paraglide/messages.js";
import { FormMessage } from "../../ui/fields.tsx";
import { linkClass } from "../../ui/styles.ts";
import { usePopups } from "../PopupContext.tsx";

export function RegisterBanner({ text, emailTaken }: { text: string; emailTaken: boolean }) {
  const { openLogin } = usePopups();
  return (
    <FormMessage tone="error">
      {text}
      {emailTaken && (
        <>
          {" "}
          <button type="button" onClick={openLogin} className={`${linkClass} cursor-pointer rounded text-red-800 decoration-red-300`}>
            {m.register_error_email_taken_login()}
          </button>
        </>
      )}
    </FormMessage>
  );
}
