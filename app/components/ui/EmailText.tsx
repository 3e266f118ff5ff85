import { Fragment } from "react";

// An e-mail address that wraps where a reader expects: before its "@", or before a dot of the
// name, never in the middle of a word ("daniela.caruso" / "@example.com", not "daniela.caru" /
// "so@example.com"). The domain stays whole: it is short, and "@example" / ".com" reads badly.
// The wrap points are <wbr>, so a copy of the text is the address unchanged. overflow-wrap
// "break-word" (not "anywhere") keeps each piece whole when a table sizes its columns, so a
// narrow column grows to the longest piece instead of shrinking to a letter; a single piece
// wider than its box still breaks rather than overflow.
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  const pieces = at > 0 ? [...email.slice(0, at).split(/(?=\.)/), email.slice(at)] : [email];
  return (
    <span className="[overflow-wrap:break-word]">
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}
