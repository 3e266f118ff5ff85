// LinkConversation draws what the loaders give it: the messages as text (markup stays text,
// line breaks kept), who and when in Italian format, an ask for changes marked, the empty state,
// the box for the two sides posting intent=message with the link, what was typed and why it was
// refused after a refusal (a form posted without JavaScript), and no box for an administrator.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import type { ReactElement } from "react";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import { LinkConversation } from "./LinkConversation.tsx";
import type { ConversationMessage } from "../../lib/conversation.ts";

overwriteGetLocale(() => "it");

function render(element: ReactElement): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element, action: () => null }]);
  return renderToString(<Stub initialEntries={["/it/stock-hunter/profile/messages/7"]} />);
}

const message = (id: number, overrides: Partial<ConversationMessage> = {}): ConversationMessage => ({
  message_id: id,
  side: "hunter",
  kind: "message",
  body: `Messaggio ${id}`,
  author: "Tu",
  mine: true,
  created_at: "2030-03-01T10:05:00Z",
  ...overrides,
});

describe("LinkConversation", () => {
  it("shows markup as text, never as HTML, with its line breaks", () => {
    const html = render(
      <LinkConversation
        viewer="handler"
        canWrite
        linkId={7}
        messages={[message(1, { body: '<script>alert("x")</script>\n<img src=x onerror=alert(1)>', author: "Il richiedente", mine: false })]}
      />,
    );
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;\n&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("whitespace-pre-wrap");
  });

  it("shows who wrote and when, in Italian time, and marks an ask for changes", () => {
    const html = render(
      <LinkConversation
        viewer="hunter"
        canWrite
        linkId={7}
        messages={[message(1), message(2, { side: "handler", author: "Olga", mine: false, kind: "message" }), message(3, { kind: "changes" })]}
      />,
    );
    expect(html).toContain("Olga");
    expect(html).toContain("01.03.2030 11:05");
    expect(html).toContain('dateTime="2030-03-01T10:05:00.000Z"');
    expect(html.split("Richiesta di modifiche").length - 1).toBe(1);
    expect(html.indexOf("Messaggio 1")).toBeLessThan(html.indexOf("Messaggio 2"));
  });

  it("offers the two sides a box that posts intent=message with the link, and an empty state", () => {
    const html = render(<LinkConversation viewer="hunter" canWrite linkId={7} messages={[]} />);
    expect(html).toContain("Ancora nessun messaggio.");
    expect(html).toContain('method="post"');
    expect(html).toContain('name="intent" value="message"');
    expect(html).toContain('name="link_id" value="7"');
    expect(html).toMatch(/<label[^>]*>Il tuo messaggio<\/label><textarea[^>]*name="message"/);
    expect(html).toContain(">Invia<");
  });

  it("gives back what was typed and says why it was refused, for its own link only", () => {
    const failure = {
      ok: false as const,
      intent: "message",
      error: "too_many_messages",
      errors: {},
      message: "Hai inviato troppi messaggi in poco tempo.",
      values: { intent: "message", link_id: "7", message: "Testo <b>scritto</b>" },
    };
    const html = render(<LinkConversation viewer="hunter" canWrite linkId={7} messages={[]} lastResult={failure} />);
    expect(html).toContain("Testo &lt;b&gt;scritto&lt;/b&gt;</textarea>");
    expect(html).toContain("Hai inviato troppi messaggi in poco tempo.");
    expect(html).toContain('role="alert"');

    const tooLong = { ...failure, error: "invalid", errors: { message: "too_long" }, message: "Dati non validi" };
    expect(render(<LinkConversation viewer="hunter" canWrite linkId={7} messages={[]} lastResult={tooLong} />)).toContain("al massimo 4000 caratteri");
    // Another link's refusal is not this box's.
    const other = render(<LinkConversation viewer="hunter" canWrite linkId={8} messages={[]} lastResult={failure} />);
    expect(other).not.toContain("troppi messaggi");
    expect(other).not.toContain("scritto");
  });

  it("lets an administrator read, with no box", () => {
    const html = render(<LinkConversation viewer="admin" canWrite linkId={7} messages={[message(1, { author: "Il richiedente", mine: false })]} />);
    expect(html).toContain("Sola lettura");
    expect(html).not.toContain("<textarea");
    expect(html).not.toContain('name="intent"');
    expect(render(<LinkConversation viewer="handler" canWrite={false} linkId={7} messages={[]} />)).not.toContain("<textarea");
  });
});
