// Condizioni generali di utilizzo (testo di riferimento in italiano). Le regole citate sono
// quelle che il prodotto applica (richieste, recensioni, approvazioni, sospensione).
import type { LegalTextOf } from "../types.ts";

export const generalConditionsIt: LegalTextOf = (f) => ({
  intro: [
    "Queste condizioni regolano l'uso di Stockspace, il marketplace online in cui le aziende cercano spazi di magazzino e servizi logistici e chiedono preventivi, e in cui i gestori di magazzini presentano le proprie strutture.",
    [
      "Valgono per tutti. Chi gestisce magazzini accetta anche le ",
      { doc: "stocker-conditions", text: "condizioni per gli stocker" },
      "; chi cerca spazi, con o senza account, anche le ",
      { doc: "stock-hunter-conditions", text: "condizioni per gli stock hunter" },
      ". Come trattiamo i dati è spiegato nell'",
      { doc: "privacy-policy", text: "informativa sulla privacy" },
      ".",
    ],
  ],
  sections: [
    {
      id: "provider",
      title: "Chi fornisce il servizio",
      blocks: [
        { p: "Il servizio è fornito da:" },
        { operator: true },
        { p: "Queste informazioni sono rese anche ai sensi dell'art. 7 del D.Lgs. 70/2003 sul commercio elettronico." },
      ],
    },
    {
      id: "definitions",
      title: "Definizioni",
      blocks: [
        {
          ul: [
            [{ strong: "Piattaforma" }, ": il sito Stockspace, in italiano e in inglese, con le sue aree personali e i suoi servizi."],
            [{ strong: "Fornitore" }, ": il soggetto indicato sopra, che gestisce la piattaforma."],
            [{ strong: "Utente" }, ": chiunque usi la piattaforma, con o senza account."],
            [{ strong: "Stock hunter" }, ": l'utente che cerca spazi e invia richieste di preventivo."],
            [
              { strong: "Stocker" },
              ": l'impresa che gestisce uno o più magazzini (come stocker o come gestore di magazzino) e li presenta sulla piattaforma, dopo l'approvazione del fornitore.",
            ],
            [{ strong: "Referente" }, ": la persona che lo stocker incarica di gestire uno o più magazzini e le loro richieste."],
            [
              { strong: "Magazzino" },
              ": la scheda di una struttura nel catalogo; un magazzino è «pubblicato» quando appartiene a uno stocker con un abbonamento attivo che lo copre, e solo allora ne sono pubblici nome, indirizzo, posizione esatta, foto e contatti.",
            ],
            [{ strong: "Hub" }, ": un magazzino presentato come polo logistico, pubblicato dopo l'approvazione del fornitore."],
            [{ strong: "Richiesta di preventivo" }, ": il messaggio con cui uno stock hunter chiede disponibilità e condizioni a uno o più magazzini."],
          ],
        },
      ],
    },
    {
      id: "role",
      title: "Il ruolo del fornitore: un intermediario",
      blocks: [
        {
          p: "La piattaforma mette in contatto chi cerca spazio con chi lo offre. Il fornitore non è parte dei contratti di deposito, locazione, logistica o trasporto che gli utenti eventualmente concludono: non li firma, non ne stabilisce prezzi e condizioni, non incassa né garantisce i relativi pagamenti e non risponde del loro adempimento. Ogni accordo si conclude direttamente tra stock hunter e stocker.",
        },
        {
          p: "Le informazioni sui magazzini sono fornite dagli stocker e dai referenti oppure, per i magazzini non ancora pubblicati, raccolte dal fornitore da fonti pubbliche. Il fornitore le pubblica con diligenza ma non ne garantisce completezza, esattezza e attualità, né la disponibilità degli spazi: prima di concludere un accordo verifica direttamente con il magazzino.",
        },
      ],
    },
    {
      id: "accounts",
      title: "Accesso e account",
      blocks: [
        { p: "La ricerca è libera e una richiesta di preventivo si può inviare anche senza account. Per le altre funzioni serve un account:" },
        {
          ul: [
            `ti registri con il tuo indirizzo e-mail e lo confermi con il codice che ti mandiamo, valido ${f.tokens.confirmCodeMinutes} minuti;`,
            "l'account di uno stocker è attivo solo dopo l'approvazione del fornitore, che verifica i dati dell'impresa e può rifiutarla indicandone il motivo;",
            `un referente è invitato dallo stocker e completa il proprio account con il link ricevuto, valido ${f.tokens.invitationDays} giorni;`,
            "i dati che inserisci devono essere veri, aggiornati e riferiti a te o all'impresa che rappresenti;",
            "le credenziali sono personali: custodiscile, non cederle e avvisa subito il fornitore se sospetti un uso non autorizzato. Sei responsabile di quanto avviene con il tuo account.",
          ],
        },
      ],
    },
    {
      id: "business",
      title: "Utenti professionali e consumatori",
      blocks: [
        {
          p: "La piattaforma è pensata per imprese e professionisti; i rapporti con loro sono regolati dal Codice civile. Se usi la piattaforma come consumatore, cioè per scopi estranei alla tua attività imprenditoriale o professionale, ti spettano in ogni caso le tutele inderogabili del Codice del Consumo (D.Lgs. 206/2005), che prevalgono su queste condizioni dove più favorevoli. Gli abbonamenti degli stocker sono riservati alle imprese.",
        },
      ],
    },
    {
      id: "requests",
      title: "Richieste di preventivo, recensioni e segnalazioni",
      blocks: [
        {
          ul: [
            `Una richiesta di preventivo raggiunge fino a ${f.maxQuoteWarehouses} magazzini insieme; non è un ordine né una proposta vincolante, e il magazzino può confermarla o rifiutarla.`,
            "Per evitare abusi il numero di richieste per ora è limitato, come indicato nelle condizioni per gli stock hunter.",
            "Una recensione si può scrivere solo dopo che il magazzino ha confermato la richiesta, una volta per richiesta e magazzino, sia dallo stock hunter sul magazzino sia dallo stocker o dal referente sullo stock hunter.",
            "Una segnalazione si può inviare in qualsiasi momento su una richiesta, per far conoscere un problema all'altra parte; il fornitore può esaminarla per verificare il rispetto delle condizioni.",
            "Recensioni e segnalazioni devono descrivere esperienze reali e personali, in modo corretto e senza offese. Dei voti ai magazzini è pubblicata la media con il numero di recensioni.",
          ],
        },
      ],
    },
    {
      id: "acceptable-use",
      title: "Uso consentito",
      blocks: [
        { p: "Non è consentito:" },
        {
          ul: [
            "inserire dati falsi, fingersi un'altra persona o impresa o usare l'account di altri;",
            "inviare richieste, recensioni o segnalazioni non veritiere, di prova o fatte per danneggiare qualcuno;",
            "estrarre dati dal catalogo con programmi automatici, aggirare i limiti o le protezioni tecniche, sovraccaricare o tentare di violare la piattaforma;",
            "usare i contatti ottenuti sulla piattaforma per scopi diversi dalla trattativa, in particolare per inviare pubblicità non richiesta;",
            "caricare contenuti illeciti, offensivi, ingannevoli o su cui non si hanno i diritti, comprese foto di terzi senza autorizzazione;",
            "usare la piattaforma in violazione della legge o di diritti altrui.",
          ],
        },
      ],
    },
    {
      id: "content",
      title: "Contenuti degli utenti",
      blocks: [
        {
          p: "Ciascuno è responsabile dei contenuti che inserisce (dati dei magazzini, foto, messaggi, recensioni, segnalazioni) e garantisce di averne i diritti. Concedi al fornitore, per la durata della loro presenza sulla piattaforma, una licenza gratuita e non esclusiva per conservarli, riprodurli, adattarli al formato del sito (per esempio ridimensionando le foto) e mostrarli agli altri utenti nell'ambito del servizio.",
        },
        {
          p: "Il fornitore non controlla i contenuti prima della pubblicazione, ma può correggere, nascondere o rimuovere quelli che violano queste condizioni o la legge, anche su segnalazione.",
        },
      ],
    },
    {
      id: "intellectual-property",
      title: "Proprietà intellettuale",
      blocks: [
        {
          p: "La piattaforma, il software, il marchio Stockspace, la grafica e il catalogo dei magazzini come banca dati (art. 102-bis della Legge 633/1941) appartengono al fornitore o ai suoi licenzianti. L'uso della piattaforma non trasferisce alcun diritto su di essi. I dati cartografici sono © contributori di OpenStreetMap.",
        },
      ],
    },
    {
      id: "availability",
      title: "Disponibilità del servizio",
      blocks: [
        {
          p: "Il fornitore cura la piattaforma con diligenza ma non ne garantisce il funzionamento ininterrotto: può sospenderla per manutenzione, aggiornamenti o cause indipendenti dalla sua volontà, e può modificarne o sospenderne le funzioni, avvisando in anticipo gli utenti registrati quando la modifica incide sui loro diritti.",
        },
      ],
    },
    {
      id: "liability",
      title: "Responsabilità",
      blocks: [
        {
          p: "Il fornitore risponde della corretta gestione della piattaforma. Non risponde dei contenuti inseriti dagli utenti, dei rapporti e dei contratti tra utenti, della disponibilità e della qualità degli spazi, né dei danni indiretti, come il mancato guadagno, derivanti dall'uso della piattaforma.",
        },
        {
          p: "Queste limitazioni non valgono per il dolo e la colpa grave (art. 1229 del Codice civile), per i danni alla persona e per le responsabilità che la legge, anche a tutela dei consumatori, non consente di escludere.",
        },
      ],
    },
    {
      id: "suspension",
      title: "Sospensione e chiusura dell'account",
      blocks: [
        {
          p: "Se un utente viola queste condizioni o la legge, il fornitore può sospenderne o disattivarne l'account, se possibile dopo averlo avvisato e ascoltato; la disattivazione chiude subito tutte le sessioni aperte. Nei casi gravi, come frodi o contenuti illeciti, può farlo senza preavviso.",
        },
        {
          p: [
            "Puoi chiudere il tuo account quando vuoi scrivendo a ",
            { operator: "email" },
            " dall'indirizzo dell'account. Per gli abbonamenti in corso valgono le ",
            { doc: "stocker-conditions", text: "condizioni per gli stocker" },
            "; cosa resta conservato e per quanto è spiegato nell'",
            { doc: "privacy-policy", text: "informativa sulla privacy" },
            ".",
          ],
        },
      ],
    },
    {
      id: "changes",
      title: "Modifiche alle condizioni",
      blocks: [
        {
          p: "Il fornitore può aggiornare queste condizioni per cambiamenti del servizio o della legge. La nuova versione è pubblicata su questa pagina con la data di aggiornamento; le modifiche rilevanti sono comunicate per e-mail agli utenti registrati almeno 15 giorni prima che si applichino. Se non le accetti puoi chiudere l'account prima di quella data; continuando a usare la piattaforma dopo quella data le accetti.",
        },
      ],
    },
    {
      id: "notices",
      title: "Comunicazioni",
      blocks: [
        {
          p: [
            "Il fornitore ti scrive all'indirizzo e-mail dell'account e con le notifiche nella tua area personale. Tu puoi scrivere al fornitore a ",
            { operator: "email" },
            ...(f.operator.pec ? [" o via PEC a ", { operator: "pec" } as const] : []),
            ".",
          ],
        },
      ],
    },
    {
      id: "law",
      title: "Legge applicabile e foro competente",
      blocks: [
        {
          p: "Queste condizioni sono regolate dalla legge italiana. Per le controversie con imprese e professionisti è competente in via esclusiva il foro del luogo in cui il fornitore ha la sede legale. Per le controversie con un consumatore è competente il giudice del luogo in cui il consumatore risiede o ha il domicilio (art. 66-bis del Codice del Consumo), che può anche ricorrere alle procedure di risoluzione alternativa delle controversie previste dal Codice del Consumo.",
        },
      ],
    },
    {
      id: "miscellaneous",
      title: "Disposizioni finali",
      blocks: [
        {
          p: "Se una clausola fosse invalida, le altre restano valide. Il mancato esercizio di un diritto non vale come rinuncia. Queste condizioni sono redatte in italiano e tradotte in inglese; in caso di differenze prevale la versione italiana.",
        },
      ],
    },
  ],
});
