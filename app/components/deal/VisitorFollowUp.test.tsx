// The panel around a visitor's request on its personal page: the request's number and address
// (masked), "create an account" for a visitor, "add to my account" for a logged-in stock hunter,
// nothing of the kind for another role, "send me a new link" always, and its own failures only.
// (Rendered in the base locale, English.)
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { VisitorFollowUp, type VisitorFollowUpProps } from "./VisitorFollowUp.tsx";

function render(props: Partial<VisitorFollowUpProps> = {}): string {
  const element = <VisitorFollowUp number="0000000042" contact="g•••@example.com" hunter={false} {...props} />;
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToString(<Stub initialEntries={["/en/requests/token"]} />);
}

const failure = (intent: string | null, error: string) => ({ ok: false as const, intent, error, errors: {}, message: `server says ${error}` });

describe("VisitorFollowUp", () => {
  it("offers a visitor an account and a new link, as plain POST forms", () => {
    const html = render();
    expect(html).toContain("Request no. 0000000042, sent from g•••@example.com.");
    expect(html).toContain("Create an account to follow all your requests");
    expect(html).toMatch(/<form [^>]*data-testid="visitor-register"[^>]*method="post"/);
    expect(html).toContain('name="intent" value="register"');
    expect(html).toContain('name="intent" value="renew"');
    expect(html).not.toContain('value="attach"');
    expect(html).toContain('aria-labelledby="visitor-follow-up-title"');
  });

  it("offers a logged-in stock hunter to add it to their account; another role neither", () => {
    const hunter = render({ hunter: true, loggedIn: true });
    expect(hunter).toContain('name="intent" value="attach"');
    expect(hunter).toContain("Add to my account");
    expect(hunter).not.toContain('value="register"');
    const other = render({ loggedIn: true });
    expect(other).not.toContain('value="attach"');
    expect(other).not.toContain('value="register"');
    expect(other).toContain('value="renew"');
  });

  it("shows its own failures in its words, and not another form's", () => {
    expect(render({ failure: failure("renew", "too_many") })).toContain("You asked for too many new links for this request");
    expect(render({ failure: failure("attach", "request_owned") })).toContain("This request is already in an account.");
    expect(render({ failure: failure("register", "not_found") })).toContain("This link no longer works");
    expect(render({ failure: failure("renew", "conflict") })).toContain("server says conflict");
    expect(render({ failure: failure("message", "too_many") })).not.toContain("too many new links");
  });
});
