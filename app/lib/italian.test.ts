import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { m } from "../paraglide/messages.js";
import { prepositionA } from "./italian.ts";

describe("prepositionA", () => {
  it("is ad before a word starting with an a, in either case", () => {
    for (const place of ["Aosta", "Ancona", "Asti", "Arezzo", "Agrigento", "AOSTA", "aosta", "alessandria", "Abbiategrasso"]) {
      expect(prepositionA(place), place).toBe("ad");
    }
  });

  it("is ad before an accented a, capital or small", () => {
    for (const place of ["Àrbatax", "àrbatax", "Ácqui", "Âosta", "Äa"]) expect(prepositionA(place), place).toBe("ad");
    // The same letter written as a + combining grave accent.
    expect(prepositionA("A\u0300rbatax")).toBe("ad");
  });

  it("is a before other vowels and consonants", () => {
    for (const place of ["Empoli", "Imola", "Orvieto", "Urbino", "Èze", "Milano", "milano", "L'Aquila", "Hanoi", "Bari", "Zagarolo"]) {
      expect(prepositionA(place), place).toBe("a");
    }
  });

  it("looks past leading spaces, quotes and brackets, not past digits", () => {
    expect(prepositionA("  Aosta")).toBe("ad");
    expect(prepositionA("«Area Nord»")).toBe("ad");
    expect(prepositionA('"Alfa Logistica"')).toBe("ad");
    expect(prepositionA("(Asti)")).toBe("ad");
    expect(prepositionA("3A Logistica")).toBe("a");
    expect(prepositionA("")).toBe("a");
  });
});

describe("the Italian messages that put a place or a name after a", () => {
  it('write the preposition as {a}, so no message says a bare "a" before one', () => {
    const it = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, "../../messages/it.json"), "utf8")) as Record<string, string>;
    const bare = Object.entries(it).filter(([, text]) => /\ba \{(city|location|name|warehouse|place|province|town)\}/.test(text));
    expect(bare.map(([key]) => key)).toEqual([]);
  });

  it("say ad before a, a before anything else, and the English ones say neither", () => {
    const sentences = (place: string, locale: "it" | "en") => {
      const a = prepositionA(place);
      return [
        m.sheet_back_to_search({ a, city: place }, { locale }),
        m.search_meta_title_at({ a, location: place }, { locale }),
        m.compare_search_near({ a, city: place }, { locale }),
        m.admreq_wh_nearby({ a, location: place, radius: "10" }, { locale }),
        m.sheet_meta_place({ name: "Deposito", a, city: place, province: "AO", address: "Via Roma 1" }, { locale }),
        m.mail_quote_received_body({ warehouse: "Deposito", a, city: place }, { locale }),
        m.mail_quote_received_admin_body({ warehouse: "Deposito", a, city: place, id: 7 }, { locale }),
        m.quote_subtitle_one({ a, name: place }, { locale }),
        m.quote_success_text_one({ a, name: place, email: "x@example.com" }, { locale }),
      ];
    };
    for (const place of ["Aosta", "Àrbatax", "ancona"]) {
      for (const text of sentences(place, "it")) expect(text).toContain(` ad ${place}`);
      for (const text of sentences(place, "en")) {
        expect(text).toContain(place);
        expect(text).not.toMatch(new RegExp(`\\bad? ${place}`));
      }
    }
    for (const place of ["Milano", "Imola", "Empoli", "Orvieto", "Urbino"]) {
      for (const text of sentences(place, "it")) {
        expect(text).toContain(` a ${place}`);
        expect(text).not.toContain(" ad ");
      }
    }
  });
});
