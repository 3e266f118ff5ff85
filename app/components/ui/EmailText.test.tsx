// An e-mail address wraps only before its "@" and its dots, and reads as the address itself.
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { EmailText } from "./EmailText.tsx";

describe("EmailText", () => {
  it("offers a wrap before the @ and each dot of the name, and keeps the domain whole", () => {
    const html = renderToString(<EmailText email="daniela.caruso@mail.example.com" />);
    expect(html).toBe('<span class="[overflow-wrap:break-word]">daniela<wbr/>.caruso<wbr/>@mail.example.com</span>');
  });

  it("leaves a text without an @ as it is", () => {
    expect(renderToString(<EmailText email="not-an-address" />)).toBe('<span class="[overflow-wrap:break-word]">not-an-address</span>');
  });

  it("keeps the address's text whole (what a copy or a screen reader gets)", () => {
    const html = renderToString(<EmailText email="a-b_c@d.it" />);
    expect(html.replace(/<[^>]+>/g, "")).toBe("a-b_c@d.it");
  });
});
