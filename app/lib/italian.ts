// Italian grammar that depends on the word that follows, for the messages that put a name
// (a town, a warehouse) after a preposition.

/** The opening quotes and brackets that may come before a name's first letter. */
const OPENING = /^[\s"'«“‘([]*/u;

/**
 * The preposition "a" before `word`: "ad" when the word starts with an "a" (the euphonic d of
 * Italian, obligatory where two a's meet: "ad Aosta", "ad Ancona", "ad Àrbatax"), "a" before
 * anything else, other vowels included ("a Empoli", "a Imola", "a Orvieto", "a Urbino"), as
 * current usage has it. Accents do not change the letter ("À" is an "a"). The Italian messages
 * write it as their `{a}` before the name; the English ones leave it out.
 */
export function prepositionA(word: string): "a" | "ad" {
  const first = word.replace(OPENING, "").normalize("NFD").charAt(0);
  return first === "a" || first === "A" ? "ad" : "a";
}
