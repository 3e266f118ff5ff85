// Condizioni per gli stocker (testo di riferimento in italiano). Prezzi, prova gratuita, IVA e
// promemoria vengono dalla configurazione; le regole da decisione 007, 008 e 009 e dal codice
// (app/lib/pricing.ts, app/server/billing/).
import type { LegalTextOf } from "../types.ts";
import { percent, price, priceExVat } from "./figures.ts";

export const stockerConditionsIt: LegalTextOf = (f) => ({
  intro: [
    [
      "Queste condizioni valgono per le imprese che presentano magazzini su Stockspace (stocker e gestori di magazzino) e, per le parti su magazzini e richieste, per i loro referenti. Si aggiungono alle ",
      { doc: "general-conditions", text: "condizioni generali" },
      ", che restano valide; in caso di contrasto prevalgono queste.",
    ],
  ],
  sections: [
    {
      id: "provider",
      title: "Chi fornisce il servizio",
      blocks: [{ p: "Il servizio e gli abbonamenti sono forniti e fatturati da:" }, { operator: true }],
    },
    {
      id: "registration",
      title: "Registrazione e approvazione",
      blocks: [
        {
          p: "Per registrarti come stocker indichi ragione sociale, partita IVA, paese, indirizzo, CAP, città e provincia dell'impresa e accetti queste condizioni, le condizioni generali e l'informativa sulla privacy. Il fornitore verifica i dati e approva la richiesta come stocker o come gestore di magazzino, collegando un magazzino già presente nel catalogo o creandone uno nuovo, oppure la rifiuta indicandone il motivo.",
        },
        {
          p: "Dichiari di rappresentare l'impresa indicata e di avere titolo a gestire e proporre i magazzini che presenti. Gli abbonamenti sono riservati alle imprese: non ti si applicano le norme del Codice del Consumo sui contratti con i consumatori, compreso il diritto di recesso.",
        },
      ],
    },
    {
      id: "claims",
      title: "Riscatto di un magazzino",
      blocks: [
        {
          p: "Il catalogo contiene anche magazzini raccolti dal fornitore da fonti pubbliche e non ancora gestiti da nessuno. Sono mostrati in forma anonima («Stocker» con un numero, solo la città, una posizione spostata di qualche centinaio di metri) e possono comunque ricevere richieste di preventivo.",
        },
        {
          p: "Se gestisci uno di questi magazzini puoi chiederne il riscatto registrandoti dalla sua scheda sulla mappa. Il fornitore verifica la richiesta prima di collegare il magazzino al tuo account. Chiedere il riscatto di un magazzino che non si gestisce è vietato e comporta la chiusura dell'account.",
        },
      ],
    },
    {
      id: "listings",
      title: "Schede dei magazzini",
      blocks: [
        {
          ul: [
            "Sei responsabile dell'esattezza e dell'aggiornamento di ciò che pubblichi: indirizzo, superfici, altezza, baie, orari, servizi, certificazioni, contatti e foto (formati JPG e PNG).",
            "Le voci di costo (al m², al mese, al posto pallet, di movimentazione) non sono pubblicate sulla scheda: le vedono solo chi gestisce il magazzino e il fornitore.",
            "Le foto devono ritrarre il magazzino presentato ed essere tue o usate con l'autorizzazione di chi ne ha i diritti; le persone riconoscibili devono aver dato il consenso.",
            "Inserendo i contatti del magazzino (nome, telefono, e-mail delle persone) garantisci di averle informate secondo l'informativa sulla privacy.",
            "Il fornitore può correggere errori evidenti, chiederti di aggiornare i dati e nascondere o disattivare un magazzino che viola queste condizioni.",
          ],
        },
      ],
    },
    {
      id: "hubs",
      title: "Nuovi magazzini e hub",
      blocks: [
        {
          p: "Un magazzino che aggiungi dalla tua area è presentato come hub (polo logistico) e resta in attesa di approvazione: compare nelle ricerche solo dopo che il fornitore lo ha approvato. Il fornitore può rifiutarlo indicandone il motivo; puoi correggere i dati e chiedere una nuova valutazione scrivendo al fornitore.",
        },
      ],
    },
    {
      id: "referents",
      title: "Referenti",
      blocks: [
        {
          p: `Per ogni magazzino puoi indicare un referente: una persona già registrata oppure una nuova, di cui inserisci nome, cognome, e-mail e telefono. La persona nuova riceve un invito per e-mail e completa l'account con un link valido ${f.tokens.invitationDays} giorni.`,
        },
        {
          p: "Il referente riceve le richieste del magazzino, ne cambia lo stato, modifica la scheda e può cambiare il referente. Garantisci che il referente sia autorizzato a farlo e informato del trattamento dei suoi dati; rispondi del suo operato come del tuo.",
        },
      ],
    },
    {
      id: "requests",
      title: "Richieste di preventivo",
      blocks: [
        {
          ul: [
            "Ricevi le richieste indirizzate ai tuoi magazzini per e-mail e nell'area personale e le segni come confermate o rifiutate; lo stato è visibile allo stock hunter.",
            "Confermare una richiesta indica disponibilità a trattare: non conclude alcun contratto. Le condizioni del servizio di magazzino le concordi direttamente con lo stock hunter; il fornitore non ne è parte e non percepisce commissioni.",
            "I dati di chi ti scrive servono solo a rispondere alla richiesta e a gestire il rapporto che ne nasce: non puoi usarli per altri scopi, come pubblicità non richiesta o cessione a terzi. Per questo uso sei titolare autonomo del trattamento.",
          ],
        },
      ],
    },
    {
      id: "feedback",
      title: "Recensioni e segnalazioni",
      blocks: [
        {
          p: "Dopo aver confermato una richiesta, tu o il referente potete recensire lo stock hunter (affidabilità, comunicazione, pagamenti, merce), una volta per richiesta. Ricevi le recensioni e le segnalazioni che riguardano i tuoi magazzini. È vietato offrire o chiedere compensi o vantaggi in cambio di recensioni, o scriverle sui propri magazzini.",
        },
      ],
    },
    {
      id: "subscription",
      title: "Abbonamento: cosa comprende",
      blocks: [
        {
          p: "Con l'abbonamento i magazzini che scegli diventano «pubblicati»: ne sono pubblici il nome, l'indirizzo, la posizione esatta, le foto, la scheda completa e i contatti del referente, e possono essere confrontati e aggiunti ai preferiti. Senza abbonamento restano nel catalogo in forma anonima, si trovano nelle ricerche e ricevono comunque le richieste di preventivo.",
        },
        {
          p: "Hai un solo abbonamento alla volta, che copre i magazzini approvati e attivi che selezioni. I magazzini aggiunti durante un periodo in corso si coprono al rinnovo.",
        },
      ],
    },
    {
      id: "prices",
      title: "Piani e prezzi",
      blocks: [
        {
          table: {
            head: ["Piano", "Durata", "Prezzo per magazzino, IVA inclusa", `Senza IVA (IVA ${percent(f.vatRate)})`],
            rows: [
              ["Annuale", "12 mesi", price(f.prices.yearly), priceExVat(f.prices.yearly, f.vatRate)],
              ["Semestrale", "6 mesi", price(f.prices.sixMonths), priceExVat(f.prices.sixMonths, f.vatRate)],
            ],
          },
        },
        {
          p: `Il prezzo è quello del piano per il numero di magazzini scelti, meno gli eventuali sconti; è mostrato prima del pagamento con e senza IVA (${percent(f.vatRate)}). Il fornitore emette fattura elettronica per ogni pagamento, secondo la normativa fiscale, ai dati dell'impresa che hai indicato.`,
        },
        {
          p: "I prezzi possono cambiare: un nuovo prezzo vale per gli abbonamenti sottoscritti dopo la sua pubblicazione e, per quelli in corso, dal primo rinnovo successivo a una comunicazione inviata almeno 30 giorni prima; puoi disdire prima che si applichi.",
        },
      ],
    },
    {
      id: "promo-codes",
      title: "Codici promozionali",
      blocks: [
        {
          p: "Un codice promozionale può dare uno sconto fisso, una percentuale di sconto e/o una percentuale di sconto sugli hub, applicata alla quota del prezzo che riguarda gli hub selezionati. Gli sconti si applicano in quest'ordine e il totale non scende mai sotto zero. Un codice può avere un periodo di validità e un numero massimo di utilizzi: è verificato quando avvii l'abbonamento e conta come usato quando l'abbonamento parte (pagamento, inizio della prova o bonifico verificato). Un codice non è convertibile in denaro.",
        },
      ],
    },
    {
      id: "payment",
      title: "Pagamento",
      blocks: [
        {
          ul: [
            f.cardPayments
              ? "Con carta: il pagamento è gestito da Stripe, nel suo modulo sicuro; il fornitore non vede i dati completi della carta. Valgono anche le condizioni di Stripe per il pagamento."
              : "Con carta: non è disponibile su questo sito finché il fornitore non lo attiva; fino ad allora si paga con bonifico.",
            "Con bonifico bancario: ricevi per e-mail e nell'area personale l'importo con e senza IVA, il beneficiario, l'IBAN e una causale personale (un codice «SS-» seguito da sei caratteri), da riportare esattamente nel bonifico per permettere di riconoscerlo. L'abbonamento parte quando il fornitore ha verificato l'accredito, per la durata del piano da quel giorno.",
          ],
        },
      ],
    },
    {
      id: "trial",
      title: "Prova gratuita",
      blocks: [
        {
          p:
            f.trialDays > 0
              ? `Il primo abbonamento pagato con carta comincia con ${f.trialDays} giorni di prova gratuita: la carta viene registrata all'avvio e addebitata alla fine della prova, a meno che tu non disdica prima. Chi paga con bonifico non ha la prova: l'abbonamento parte con il pagamento verificato. La prova spetta una sola volta per stocker.`
              : "Al momento non è prevista una prova gratuita: l'abbonamento parte con il pagamento.",
        },
        ...(f.trialDays > 0 && !f.cardPayments ? [{ p: "La prova è legata al pagamento con carta, che oggi non è disponibile su questo sito." }] : []),
      ],
    },
    {
      id: "renewal",
      title: "Rinnovo e disdetta",
      blocks: [
        {
          ul: [
            "Gli abbonamenti pagati con carta si rinnovano automaticamente alla fine di ogni periodo, per un periodo uguale, con addebito sulla stessa carta.",
            "Puoi disdirli in qualsiasi momento dalla pagina dell'abbonamento: la disdetta ha effetto alla fine del periodo già pagato, fino ad allora i magazzini restano pubblici e puoi annullare la disdetta. Non sono previsti rimborsi per la parte di periodo non usata, salvo quanto previsto dalla legge.",
            `Gli abbonamenti pagati con bonifico non si rinnovano da soli: ricevi un promemoria ${f.transferReminderDays} giorni prima della scadenza e, per continuare, sottoscrivi un nuovo abbonamento con un nuovo bonifico.`,
            "Se un addebito con carta non riesce, il pagamento viene ritentato e nel frattempo i magazzini tornano in forma anonima; se il pagamento non va a buon fine l'abbonamento termina.",
          ],
        },
      ],
    },
    {
      id: "expiry",
      title: "Cosa succede alla scadenza",
      blocks: [
        {
          p: "Quando un abbonamento termina (per disdetta, mancato rinnovo o mancato pagamento) i magazzini che copriva tornano subito in forma anonima: nome, indirizzo, posizione esatta, foto, scheda e contatti non sono più pubblici, e i magazzini compaiono come «Stocker» con un numero, con la sola città e una posizione approssimata. Continuano a comparire nelle ricerche e a ricevere richieste, che trovi nella tua area. I dati restano nel tuo account e tornano pubblici con un nuovo abbonamento.",
        },
      ],
    },
    {
      id: "invite-code",
      title: "Codice invito",
      blocks: [
        {
          p: "Nella tua area trovi un codice invito personale da condividere; la piattaforma conta le registrazioni avvenute con il tuo codice. Il codice non dà diritto a compensi o sconti, salvo promozioni comunicate espressamente dal fornitore con le relative condizioni.",
        },
      ],
    },
    {
      id: "warranties",
      title: "Garanzie e manleva",
      blocks: [
        {
          p: "Garantisci che le informazioni e i contenuti che pubblichi sono veri, leciti e tuoi o autorizzati, e che i servizi offerti rispettano le norme che li regolano (autorizzazioni, sicurezza, fiscali). Tieni indenne il fornitore da pretese di terzi dovute alla violazione di queste garanzie, comprese le ragionevoli spese legali.",
        },
      ],
    },
    {
      id: "termination",
      title: "Durata e risoluzione",
      blocks: [
        {
          p: "Il rapporto dura a tempo indeterminato. Puoi chiudere l'account quando vuoi, dopo aver disdetto l'eventuale abbonamento; le somme già pagate non sono rimborsate. Il fornitore può recedere con un preavviso di 30 giorni, rimborsando la parte di abbonamento pagata e non goduta.",
        },
        {
          p: "Il fornitore può risolvere il rapporto con effetto immediato, ai sensi dell'art. 1456 del Codice civile, comunicandolo per e-mail, se pubblichi informazioni false, chiedi il riscatto di magazzini che non gestisci, usi i dati degli stock hunter per scopi non consentiti o non paghi quanto dovuto; in questi casi le somme pagate restano acquisite, salvo il risarcimento del maggior danno.",
        },
      ],
    },
  ],
});
