// The fields as the server renders them: native inputs wired to their labels, descriptions and
// errors (aria-describedby), "required" said with aria-required only (the forms validate, the
// browser must not block a submit), numbers in Italian notation, and radio groups of native
// radios sharing a name, with the names a plain form post and the scripts rely on (the date
// field's tests are in DateInput.test.tsx).
import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import { I18nProvider } from "react-aria-components";
import type { ReactNode } from "react";
import { CheckboxInput, LabelLink, NumberInput, TextInput } from "./fields.tsx";
import { RadioGroupInput, RadioGroupLabel, RadioOption } from "./RadioGroupInput.tsx";

const render = (locale: string, node: ReactNode) => renderToString(<I18nProvider locale={locale}>{node}</I18nProvider>);

/** The opening tags of an element type, e.g. every <input …>. */
const tags = (html: string, name: string) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((match) => match[0]);
const attr = (tag: string | undefined, name: string) => (tag ? new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] : undefined);
/** The element with this id, from its opening tag to the first closing tag (enough for text-only elements). */
const byId = (html: string, id: string) => new RegExp(`<(\\w+)[^>]*\\sid="${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>(.*?)</\\1>`).exec(html)?.[2];

describe("NumberInput", () => {
  const valueOf = (html: string) => /<input[^>]*\svalue="([^"]*)"/.exec(html)?.[1];

  it("shows the text it is given, under its name, with the decimal keypad", () => {
    for (const locale of ["it-IT", "en-GB"]) {
      const html = render(locale, <NumberInput name="total_m2" label="Superficie totale (m²)" value="1.234,5" onChange={() => {}} />);
      expect(valueOf(html)).toBe("1.234,5");
      expect(html).toContain('name="total_m2"');
      expect(html).toContain('inputMode="decimal"');
      expect(html).toContain('type="text"');
    }
  });

  it("starts uncontrolled from defaultValue, integers with the numeric keypad", () => {
    const html = render("it-IT", <NumberInput name="max_redemptions" label="Utilizzi" defaultValue="1.000" integer />);
    expect(valueOf(html)).toBe("1.000");
    expect(html).toContain('inputMode="numeric"');
  });

  it("draws a unit and says it to screen readers with the label", () => {
    const html = render("en-GB", <NumberInput name="radius" label="Radius" unit="km" value="" onChange={() => {}} testId="search-radius" />);
    expect(html).toMatch(/<label[^>]*>Radius<span class="sr-only"> \(<!-- -->km<!-- -->\)<\/span><\/label>/);
    expect(html).toContain('aria-hidden="true">km</span>');
    expect(html).toContain('data-testid="search-radius"');
  });

  it("marks an error", () => {
    const html = render("it-IT", <NumberInput name="height" label="Altezza" value="abc" onChange={() => {}} error="Inserisci un numero" />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Inserisci un numero");
  });
});

describe("TextInput", () => {
  it("is a native input named for the form, labelled by its <label>, required by ARIA only", () => {
    const html = render("it-IT", <TextInput name="email" type="email" label="E-mail" value="a@b.it" onChange={() => {}} isRequired autoComplete="email" />);
    const input = tags(html, "input")[0];
    expect(attr(input, "name")).toBe("email");
    expect(attr(input, "type")).toBe("email");
    expect(attr(input, "value")).toBe("a@b.it");
    expect(attr(input, "aria-required")).toBe("true");
    // A `required` attribute would let the browser block the submit with its own bubble.
    expect(input).not.toMatch(/\srequired=/);
    expect(attr(input, "aria-invalid")).toBeUndefined();
    expect(attr(input, "aria-describedby")).toBeUndefined();
    expect(attr(tags(html, "label")[0], "for")).toBe(attr(input, "id"));
    expect(html).toContain('aria-hidden="true">*</span>');
  });

  it("names its description and its error in aria-describedby, and marks the error", () => {
    const html = render(
      "it-IT",
      <TextInput name="telephone" label="Telefono" value="" onChange={() => {}} description="Con il prefisso" error="Campo obbligatorio" />,
    );
    const input = tags(html, "input")[0];
    expect(attr(input, "aria-invalid")).toBe("true");
    expect(attr(input, "data-invalid")).toBe("true");
    const [descriptionId, errorId] = (attr(input, "aria-describedby") ?? "").split(" ");
    expect(byId(html, descriptionId!)).toBe("Con il prefisso");
    expect(byId(html, errorId!)).toBe("Campo obbligatorio");
  });

  it("gives each field its own id, so two fields of one name on a page do not collide", () => {
    const html = render(
      "it-IT",
      <>
        <TextInput name="email" label="A" value="" onChange={() => {}} error="x" />
        <TextInput name="email" label="B" value="" onChange={() => {}} error="y" />
      </>,
    );
    const [a, b] = tags(html, "input");
    expect(attr(a, "id")).not.toBe(attr(b, "id"));
    expect(byId(html, attr(a, "aria-describedby")!)).toBe("x");
    expect(byId(html, attr(b, "aria-describedby")!)).toBe("y");
  });

  it("is disabled, multiline, or uncontrolled as asked", () => {
    expect(tags(render("it-IT", <TextInput name="email" label="E-mail" value="a@b.it" isDisabled />), "input")[0]).toMatch(/\sdisabled=""/);
    const area = render("it-IT", <TextInput name="message" label="Messaggio" multiline rows={6} value="Ciao" onChange={() => {}} placeholder="Scrivi" />);
    const textarea = tags(area, "textarea")[0];
    expect(attr(textarea, "name")).toBe("message");
    expect(attr(textarea, "rows")).toBe("6");
    expect(attr(textarea, "placeholder")).toBe("Scrivi");
    expect(attr(textarea, "type")).toBeUndefined();
    expect(area).toContain(">Ciao</textarea>");
    expect(attr(tags(render("it-IT", <TextInput name="city" label="Città" defaultValue="Milano" />), "input")[0], "value")).toBe("Milano");
  });
});

describe("NumberInput wiring", () => {
  it("labels the input and names its error, without a required attribute", () => {
    const html = render("it-IT", <NumberInput name="height" label="Altezza" value="" onChange={() => {}} isRequired error="Inserisci un numero" />);
    const input = tags(html, "input")[0];
    expect(attr(tags(html, "label")[0], "for")).toBe(attr(input, "id"));
    expect(attr(input, "aria-required")).toBe("true");
    expect(input).not.toMatch(/\srequired=/);
    expect(byId(html, attr(input, "aria-describedby")!)).toBe("Inserisci un numero");
  });
});

describe("CheckboxInput", () => {
  it("is a native checkbox inside its label, hidden behind the drawn box, required by ARIA only", () => {
    const html = render(
      "it-IT",
      <CheckboxInput name="privacy" isSelected onChange={() => {}} isRequired>
        Ho letto l&apos;informativa
      </CheckboxInput>,
    );
    const input = tags(html, "input")[0];
    expect(attr(input, "type")).toBe("checkbox");
    expect(attr(input, "name")).toBe("privacy");
    expect(input).toMatch(/\schecked=""/);
    expect(attr(input, "aria-required")).toBe("true");
    expect(input).not.toMatch(/\srequired=/);
    // Hidden but focusable, and the box beside it shows its keyboard focus.
    expect(attr(input, "class")).toContain("sr-only");
    expect(attr(input, "class")).toContain("peer");
    expect(html).toContain("peer-focus-visible:outline-2");
    expect(html).toMatch(/^<div><label[^>]*><input/);
  });

  it("is unticked when not selected, and names its error", () => {
    const html = render(
      "it-IT",
      <CheckboxInput name="conditions" isSelected={false} onChange={() => {}} isRequired error="Accetta le condizioni">
        Accetto
      </CheckboxInput>,
    );
    const input = tags(html, "input")[0];
    expect(input).not.toMatch(/\schecked/);
    expect(attr(input, "aria-invalid")).toBe("true");
    expect(byId(html, attr(input, "aria-describedby")!)).toBe("Accetta le condizioni");
  });

  it("keeps a link in its label a plain link that opens in a new tab", () => {
    const html = render(
      "it-IT",
      <CheckboxInput name="privacy" isSelected={false} onChange={() => {}}>
        Ho letto <LabelLink href="/it/privacy-policy">l&apos;informativa</LabelLink>
      </CheckboxInput>,
    );
    const link = tags(html, "a")[0];
    expect(attr(link, "href")).toBe("/it/privacy-policy");
    expect(attr(link, "target")).toBe("_blank");
    expect(html).toMatch(/<label[^>]*>.*<a [^>]*>.*<\/a>.*<\/label>/);
  });
});

describe("RadioGroupInput", () => {
  const group = (props: Partial<Parameters<typeof RadioGroupInput>[0]> = {}) =>
    render(
      "it-IT",
      <RadioGroupInput name="m2_type" value="pallet" onChange={() => {}} {...props}>
        <RadioGroupLabel>Spazio</RadioGroupLabel>
        <RadioOption value="m2" className="segment">
          m²
        </RadioOption>
        <RadioOption value="pallet" className={({ isSelected }) => (isSelected ? "segment chosen" : "segment")}>
          {({ isSelected }) => (isSelected ? "Posti pallet ✓" : "Posti pallet")}
        </RadioOption>
      </RadioGroupInput>,
    );

  it("is a radiogroup named by its label, of native radios sharing the form's name", () => {
    const html = group();
    const root = tags(html, "div")[0];
    expect(attr(root, "role")).toBe("radiogroup");
    expect(byId(html, attr(root, "aria-labelledby")!)).toBe("Spazio");
    const radios = tags(html, "input");
    expect(radios.map((r) => attr(r, "type"))).toEqual(["radio", "radio"]);
    expect(radios.map((r) => attr(r, "name"))).toEqual(["m2_type", "m2_type"]);
    expect(radios.map((r) => attr(r, "value"))).toEqual(["m2", "pallet"]);
    expect(radios.map((r) => /\schecked=""/.test(r))).toEqual([false, true]);
    expect(radios.every((r) => !/\srequired=/.test(r))).toBe(true);
  });

  it("tells each option whether it is chosen (data-selected, className and content)", () => {
    const html = group();
    const labels = tags(html, "label");
    expect(attr(labels[0], "data-selected")).toBeUndefined();
    expect(attr(labels[1], "data-selected")).toBe("true");
    expect(attr(labels[1], "class")).toContain("segment chosen");
    expect(html).toContain("Posti pallet ✓");
    expect(tags(group({ value: null }), "input").some((r) => /\schecked/.test(r))).toBe(false);
  });

  it("marks required, invalid and disabled, and names its error", () => {
    const html = group({ isRequired: true, isDisabled: true, error: "Scegli uno" });
    const root = tags(html, "div")[0];
    expect(attr(root, "aria-required")).toBe("true");
    expect(attr(root, "aria-invalid")).toBe("true");
    expect(byId(html, attr(root, "aria-describedby")!)).toBe("Scegli uno");
    expect(tags(html, "input").every((r) => /\sdisabled=""/.test(r))).toBe(true);
    expect(attr(tags(html, "label")[0], "data-invalid")).toBe("true");
  });

  it("without a name still groups its radios (for the arrow keys), under a name of its own", () => {
    const html = group({ name: undefined, "aria-label": "Ruolo" });
    const root = tags(html, "div")[0];
    expect(attr(root, "aria-label")).toBe("Ruolo");
    expect(attr(root, "aria-labelledby")).toBeUndefined();
    const names = tags(html, "input").map((r) => attr(r, "name"));
    expect(names[0]).toBeTruthy();
    expect(names[1]).toBe(names[0]);
  });
});
