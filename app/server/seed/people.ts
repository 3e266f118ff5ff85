// Word lists for believable demo data: Italian names, companies, streets. Fake people only;
// e-mail addresses use reserved example domains so a stray message can never reach anyone.
import type { Random } from "./random.ts";

export const FIRST_NAMES_M = [
  "Marco",
  "Luca",
  "Giuseppe",
  "Giovanni",
  "Andrea",
  "Francesco",
  "Alessandro",
  "Matteo",
  "Stefano",
  "Paolo",
  "Roberto",
  "Davide",
  "Simone",
  "Federico",
  "Lorenzo",
  "Antonio",
  "Fabio",
  "Riccardo",
  "Massimo",
  "Nicola",
  "Emanuele",
  "Claudio",
  "Daniele",
  "Pietro",
  "Alberto",
  "Giorgio",
  "Enrico",
  "Michele",
  "Salvatore",
  "Tommaso",
];
export const FIRST_NAMES_F = [
  "Giulia",
  "Francesca",
  "Chiara",
  "Sara",
  "Valentina",
  "Elena",
  "Laura",
  "Martina",
  "Alessia",
  "Federica",
  "Silvia",
  "Paola",
  "Anna",
  "Elisa",
  "Roberta",
  "Cristina",
  "Marta",
  "Ilaria",
  "Barbara",
  "Monica",
  "Serena",
  "Beatrice",
  "Camilla",
  "Alice",
  "Giorgia",
  "Sofia",
  "Veronica",
  "Daniela",
  "Michela",
  "Noemi",
];
export const LAST_NAMES = [
  "Rossi",
  "Russo",
  "Ferrari",
  "Esposito",
  "Bianchi",
  "Romano",
  "Colombo",
  "Ricci",
  "Marino",
  "Greco",
  "Bruno",
  "Gallo",
  "Conti",
  "De Luca",
  "Mancini",
  "Costa",
  "Giordano",
  "Rizzo",
  "Lombardi",
  "Moretti",
  "Barbieri",
  "Fontana",
  "Santoro",
  "Mariani",
  "Rinaldi",
  "Caruso",
  "Ferrara",
  "Galli",
  "Martini",
  "Leone",
  "Longo",
  "Gentile",
  "Martinelli",
  "Vitale",
  "Lombardo",
  "Serra",
  "Coppola",
  "De Santis",
  "D'Angelo",
  "Marchetti",
  "Parisi",
  "Villa",
  "Conte",
  "Ferraro",
  "Ferri",
  "Fabbri",
  "Bianco",
  "Marini",
  "Grasso",
  "Valentini",
  "Messina",
  "Sala",
  "De Angelis",
  "Gatti",
  "Pellegrini",
  "Palumbo",
  "Sanna",
  "Farina",
  "Rizzi",
  "Monti",
  "Cattaneo",
  "Brambilla",
  "Bernasconi",
  "Fumagalli",
  "Pozzi",
  "Riva",
  "Zanetti",
  "Bertolini",
  "Sartori",
  "Zanella",
];

export const STREETS = [
  "Via dell'Industria",
  "Via dell'Artigianato",
  "Via del Lavoro",
  "Via dei Mestieri",
  "Via Enrico Fermi",
  "Via Galileo Galilei",
  "Via Alessandro Volta",
  "Via Guglielmo Marconi",
  "Via dell'Innovazione",
  "Via della Logistica",
  "Via delle Industrie",
  "Via dei Trasporti",
  "Via dell'Interporto",
  "Via del Commercio",
  "Viale Europa",
  "Via Leonardo da Vinci",
  "Via Niccolò Copernico",
  "Via Archimede",
  "Via Isaac Newton",
  "Via Giuseppe Di Vittorio",
  "Via Primo Maggio",
  "Via dell'Agricoltura",
  "Via della Tecnica",
  "Via dell'Energia",
  "Via Antonio Meucci",
  "Via dell'Elettronica",
  "Via della Meccanica",
  "Via del Progresso",
  "Via Nazionale",
  "Strada Statale 9",
  "Strada Provinciale 235",
  "Via Emilia",
  "Via dell'Autostrada",
  "Via della Stazione",
  "Via dei Campi",
];

const STOCKER_COMPANY_PATTERNS = [
  (s: string) => `Logistica ${s} Srl`,
  (s: string) => `Trasporti ${s} Spa`,
  (s: string) => `Magazzini ${s} Srl`,
  (s: string) => `${s} Logistics Srl`,
  (s: string) => `${s} Servizi Logistici Srl`,
  (s: string) => `Depositi ${s} & C. Snc`,
  (s: string) => `${s} Group Spa`,
  (s: string) => `Autotrasporti ${s} Srl`,
  (s: string) => `${s} Storage Srl`,
  (s: string) => `Spedizioni ${s} Srl`,
];

const HUNTER_COMPANY_PATTERNS = [
  (s: string) => `${s} Alimentari Srl`,
  (s: string) => `${s} Moda Spa`,
  (s: string) => `Elettronica ${s} Srl`,
  (s: string) => `${s} Arredamenti Srl`,
  (s: string) => `Farmaceutici ${s} Spa`,
  (s: string) => `${s} Ricambi Auto Srl`,
  (s: string) => `${s} Distribuzione Srl`,
  (s: string) => `Edilizia ${s} Srl`,
  (s: string) => `${s} Shop Online Srl`,
  (s: string) => `Chimica ${s} Spa`,
  (s: string) => `${s} Meccanica Srl`,
  (s: string) => `${s} Import Export Srl`,
  (s: string) => `Cantine ${s} Srl`,
  (s: string) => `${s} Cosmetici Srl`,
];

export type Person = { first: string; last: string };

export function person(rnd: Random): Person {
  return { first: rnd.chance(0.5) ? rnd.pick(FIRST_NAMES_M) : rnd.pick(FIRST_NAMES_F), last: rnd.pick(LAST_NAMES) };
}

export function stockerCompany(rnd: Random, surname: string): string {
  return rnd.pick(STOCKER_COMPANY_PATTERNS)(surname);
}

export function hunterCompany(rnd: Random, surname: string): string {
  return rnd.pick(HUNTER_COMPANY_PATTERNS)(surname);
}

/** ASCII, lowercase, dash-separated: "Logistica D'Angelo Srl" → "logistica-d-angelo-srl". */
export function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** A company's web domain on a reserved example domain, without the legal form. */
export function companyDomain(company: string): string {
  const base = slug(company.replace(/\b(Srl|Spa|Snc|& C\.)\b/gi, ""));
  return `${base}.example.com`;
}

export function mobilePhone(rnd: Random): string {
  return `+39 3${rnd.int(20, 49)} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`;
}

export function landline(rnd: Random): string {
  return `+39 0${rnd.int(2, 99)} ${rnd.int(100000, 9999999)}`;
}

/** An 11-digit Partita IVA with a valid check digit (the Luhn-like rule of the Agenzia delle Entrate). */
export function vatNumber(rnd: Random): string {
  const digits: number[] = [];
  for (let i = 0; i < 7; i++) digits.push(rnd.int(0, 9));
  // Digits 8–10: the code of the issuing provincial office (001–100).
  const office = String(rnd.int(1, 100)).padStart(3, "0");
  for (const c of office) digits.push(Number(c));
  let sum = 0;
  digits.forEach((d, i) => {
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  });
  digits.push((10 - (sum % 10)) % 10);
  return digits.join("");
}
