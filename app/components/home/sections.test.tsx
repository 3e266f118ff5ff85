// The home page's example of a request shows a period still ahead, whatever today is; its owners'
// section and FAQ name card payments only where they are on.
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { overwriteGetLocale } from "../../paraglide/runtime.js";
import { PopupProvider } from "../popups/PopupContext.tsx";
import { ExampleRequest, Faq, OwnersSection } from "./sections.tsx";

afterEach(() => vi.useRealTimers());

describe("the example request on the home page", () => {
  it("asks for six months starting three months from now, in day.month.year", () => {
    vi.useFakeTimers({ now: new Date("2026-11-24T10:00:00Z") });
    expect(renderToString(<ExampleRequest />)).toContain("01.02.2027 – 31.07.2027");
    vi.setSystemTime(new Date("2027-05-10T10:00:00Z"));
    expect(renderToString(<ExampleRequest />)).toContain("01.08.2027 – 31.01.2028");
  });
});

describe("what the home page says about paying", () => {
  const render = (cardPayments: boolean) => {
    const Stub = createRoutesStub([
      {
        path: "*",
        Component: () => (
          <PopupProvider loggedIn={false}>
            <OwnersSection loggedIn={false} cardPayments={cardPayments} />
            <Faq locale="en" cardPayments={cardPayments} />
          </PopupProvider>
        ),
      },
    ]);
    return renderToString(<Stub initialEntries={["/en"]} />);
  };

  it("offers card or transfer only where card payments are on, else the transfer alone", () => {
    overwriteGetLocale(() => "en");
    const card = render(true);
    expect(card).toContain("paid by card or bank transfer");
    expect(card).toContain("then pay by card or bank transfer");
    const transfer = render(false);
    expect(transfer).not.toContain("card");
    expect(transfer).toContain("paid by bank transfer");
    expect(transfer).toContain("it does not renew by itself");
  });
});
