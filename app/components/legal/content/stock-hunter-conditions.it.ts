// Condizioni per gli stock hunter (testo di riferimento in italiano). Limiti e regole dal
// codice: app/server/requests/requests.service.ts, app/schemas/quote.ts, app/server/reviews/.
import type { LegalTextOf } from "../types.ts";

export const stockHunterConditionsIt: LegalTextOf = (f) => ({
  intro: [
    [
      "Queste condizioni valgono per chi cerca spazi su Stockspace, sia con un account da stock hunter sia senza account quando invia una richiesta di preventivo. Si aggiungono alle ",
      { doc: "general-conditions", text: "condizioni generali" },
      ", che restano valide; in caso di contrasto prevalgono queste.",
    ],
  ],
  sections: [
    {
      id: "provider",
      title: "Chi fornisce il servizio",
      blocks: [{ p: "Il servizio è fornito da:" }, { operator: true }],
    },
    {
      id: "free",
      title: "Un servizio gratuito",
      blocks: [
        {
          p: "Cercare magazzini, confrontarli, inviare richieste di preventivo, salvare preferiti e scrivere recensioni è gratuito. Il fornitore non percepisce compensi né da te né dai magazzini sui contratti che eventualmente concludi.",
        },
      ],
    },
    {
      id: "search",
      title: "Ricerca e confronto",
      blocks: [
        {
          ul: [
            "Cerchi per località e raggio (10 km se non indichi altro) e puoi filtrare per spazio, date e servizi. I risultati sono mostrati sulla mappa e in elenco.",
            "I magazzini di stocker abbonati mostrano nome, indirizzo, posizione esatta, foto, scheda e contatti del referente. Gli altri sono mostrati in forma anonima («Stocker» con un numero, la sola città, una posizione spostata di qualche centinaio di metri): si possono comunque raggiungere con una richiesta di preventivo.",
            "Puoi confrontare due o più magazzini con scheda pubblica.",
            "Le informazioni sui magazzini sono fornite dagli stocker o raccolte dal fornitore da fonti pubbliche: verifica direttamente con il magazzino ciò che è importante per te prima di accordarti.",
          ],
        },
      ],
    },
    {
      id: "requests",
      title: "Richieste di preventivo",
      blocks: [
        {
          ul: [
            `Con una sola richiesta puoi contattare fino a ${f.maxQuoteWarehouses} magazzini insieme, indicando azienda, contatti, località, spazio, date, servizi desiderati e un messaggio.`,
            "La richiesta arriva allo stocker o al referente di ciascun magazzino, per e-mail e nella loro area; per i magazzini che non hanno ancora un gestore registrato arriva al personale del fornitore, che può contattarli per tuo conto. Ricevi una conferma per e-mail.",
            "Ogni magazzino risponde confermando o rifiutando; se hai un account vedi lo stato di ciascuna risposta nella tua area.",
            "Una richiesta non è un ordine né una proposta vincolante, per te o per il magazzino. Prezzi e condizioni li concordi direttamente con il magazzino, che è l'unica tua controparte.",
          ],
        },
        {
          p: `Per proteggere i magazzini dagli invii automatici il numero di richieste accettate è limitato, sull'ultima ora: ${f.quoteLimits.account} per account; senza account ${f.quoteLimits.visitorIp} per indirizzo IP e ${f.quoteLimits.visitorContact} per indirizzo e-mail di contatto. Oltre il limite la richiesta è rifiutata e puoi riprovare più tardi.`,
        },
        {
          p: "Le richieste devono corrispondere a un'esigenza reale di spazio o di servizi logistici. Senza account, inviando la richiesta accetti queste condizioni e dichiari di aver letto l'informativa sulla privacy.",
        },
      ],
    },
    {
      id: "account",
      title: "Account da stock hunter",
      blocks: [
        {
          p: `Con un account ritrovi le tue richieste e le risposte, salvi i preferiti, scrivi recensioni e segnalazioni e ricevi le notifiche. Ti registri con la tua e-mail, confermata con un codice valido ${f.tokens.confirmCodeMinutes} minuti, e accetti queste condizioni, le condizioni generali e l'informativa sulla privacy.`,
        },
      ],
    },
    {
      id: "favourites",
      title: "Preferiti",
      blocks: [
        {
          p: "Puoi salvare tra i preferiti i magazzini con scheda pubblica, dalla mappa o dalla scheda, e ritrovarli nella tua area. I preferiti sono visibili solo a te. Se l'abbonamento di un magazzino termina, nei preferiti lo vedi in forma anonima.",
        },
      ],
    },
    {
      id: "reviews",
      title: "Recensioni",
      blocks: [
        {
          ul: [
            "Puoi recensire un magazzino solo dopo che ha confermato la tua richiesta, una volta per richiesta e magazzino.",
            "Dai un voto da 1 a 5 a affidabilità, comunicazione, servizi e struttura (tutti facoltativi) e puoi aggiungere un commento; nome, e-mail e telefono sono obbligatori.",
            "La recensione arriva allo stocker e al referente del magazzino; ai visitatori è mostrata la media dei voti con il numero di recensioni.",
            "Scrivi solo della tua esperienza diretta, in modo veritiero e corretto, senza offese né dati di altre persone, e senza ricevere compensi o vantaggi per farlo. Il fornitore può rimuovere le recensioni che violano queste regole.",
            "Anche lo stocker o il referente può recensirti dopo aver confermato la richiesta (affidabilità, comunicazione, pagamenti, merce).",
          ],
        },
      ],
    },
    {
      id: "reports",
      title: "Segnalazioni",
      blocks: [
        {
          p: `Su ogni richiesta inviata a un magazzino puoi fare una segnalazione in qualsiasi momento, indicando oggetto e descrizione, per far conoscere un problema allo stocker e al referente del magazzino; il fornitore può esaminarla per verificare il rispetto delle condizioni. Per evitare abusi puoi inviarne al massimo ${f.reportsPerHour} all'ora. Le segnalazioni devono essere fondate: quelle false o fatte per danneggiare qualcuno sono un uso non consentito.`,
        },
      ],
    },
    {
      id: "responsibilities",
      title: "I tuoi impegni e le responsabilità",
      blocks: [
        {
          p: "Ti impegni a fornire dati veri, a usare i contatti dei magazzini solo per la trattativa e a rispettare l'uso consentito descritto nelle condizioni generali. Il fornitore non ispeziona i magazzini e non è parte degli accordi con loro: della qualità, della sicurezza e della disponibilità degli spazi rispondono i magazzini.",
        },
        {
          p: [
            "Puoi smettere di usare il servizio e chiedere la chiusura dell'account quando vuoi; cosa resta conservato è spiegato nell'",
            { doc: "privacy-policy", text: "informativa sulla privacy" },
            ". Se gestisci tu stesso dei magazzini, leggi le ",
            { doc: "stocker-conditions", text: "condizioni per gli stocker" },
            ".",
          ],
        },
      ],
    },
  ],
});
