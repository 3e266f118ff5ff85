// Informativa sulla privacy (testo di riferimento in italiano). Descrive ciò che il prodotto
// conserva davvero (tabelle in app/server/db/migrations/, lavori in app/server/jobs/workers.ts,
// cookie in app/server/http/cookies.ts); i periodi che il codice non applica da sé sono
// dichiarati come politica del titolare.
import type { LegalTextOf } from "../types.ts";

export const privacyPolicyIt: LegalTextOf = (f) => {
  return {
    intro: [
      "Questa informativa spiega, ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR) e del D.Lgs. 196/2003 (Codice in materia di protezione dei dati personali) come modificato dal D.Lgs. 101/2018, quali dati personali tratta Stockspace, perché, per quanto tempo li conserva, a chi li comunica e quali diritti hai.",
      "Vale per chi visita il sito, per chi cerca spazi (stock hunter), per chi gestisce magazzini (stocker e gestori di magazzino) e per i loro referenti, e per le persone di cui ci vengono indicati i dati in una richiesta o in una scheda di magazzino.",
    ],
    sections: [
      {
        id: "controller",
        title: "Titolare del trattamento",
        blocks: [
          { p: "Il titolare del trattamento è:" },
          { operator: true },
          {
            p: [
              "Per qualsiasi domanda su questa informativa o sui tuoi dati puoi scrivere a ",
              { operator: "email" },
              ". Il titolare non ha nominato un responsabile della protezione dei dati (DPO): le richieste sono gestite direttamente dal titolare a questo indirizzo.",
            ],
          },
        ],
      },
      {
        id: "data",
        title: "Quali dati trattiamo",
        blocks: [
          {
            p: "Trattiamo solo i dati che servono al funzionamento del servizio. Non trattiamo categorie particolari di dati (art. 9 GDPR) né dati relativi a condanne penali: ti chiediamo di non inserirne nei messaggi e nelle descrizioni.",
          },
        ],
        subsections: [
          {
            id: "data-account",
            title: "Dati dell'account",
            blocks: [
              {
                p: "Indirizzo e-mail, password (conservata solo come impronta crittografica argon2id, mai in chiaro), ruolo (stock hunter, stocker, referente), nome, cognome, telefono, azienda, settore, sito web, paese, indirizzo e lingua preferita.",
              },
              {
                p: "Per chi si registra come stocker anche: ragione sociale, partita IVA, indirizzo della sede, l'eventuale magazzino che si chiede di riscattare, l'esito dell'approvazione con la relativa nota. Inoltre: il codice invito personale, chi ti ha invitato, la data di accettazione delle condizioni e dell'informativa, le scelte sui consensi facoltativi con la loro data.",
              },
            ],
          },
          {
            id: "data-warehouses",
            title: "Dati dei magazzini",
            blocks: [
              {
                p: "Nome, indirizzo e posizione, partita IVA, telefono, e-mail, sito e profili social, superfici, altezza, baie, voci di costo, orari, servizi, foto caricate e i contatti del magazzino (nome, telefono, e-mail e ruolo delle persone indicate), oltre al referente assegnato. Chi inserisce i dati di un'altra persona (un contatto, un referente) deve averla informata.",
              },
              {
                p: "I magazzini che nessun proprietario ha ancora rivendicato sono stati inseriti dal fornitore a partire da fonti accessibili al pubblico (siti web e annunci delle aziende stesse, registri pubblici delle imprese). Finché un proprietario non li rivendica, nome, indirizzo e contatti non sono pubblicati: le loro schede non li mostrano. Chi è interessato può chiedere di correggere o cancellare questi dati, come descritto tra i tuoi diritti.",
              },
            ],
          },
          {
            id: "data-requests",
            title: "Richieste di preventivo",
            blocks: [
              {
                p: "Ragione sociale, e-mail di contatto, telefono, nome del referente, messaggio, località e raggio cercati, spazio richiesto (m² o posti pallet), date, servizi desiderati, i magazzini raggiunti con lo stato della risposta di ciascuno, la lingua, le risposte sui consensi e l'indirizzo IP da cui la richiesta è stata inviata (usato per i limiti contro l'invio automatico).",
              },
            ],
          },
          {
            id: "data-feedback",
            title: "Recensioni, segnalazioni e richieste di assistenza",
            blocks: [
              {
                p: "Per recensioni e segnalazioni: nome, e-mail, telefono, i voti (da 1 a 5), il testo o l'oggetto e la descrizione, la richiesta e il magazzino a cui si riferiscono.",
              },
              {
                p: "Per le richieste di assistenza: nome, cognome, azienda, e-mail, messaggio, lingua, l'indirizzo IP e le informazioni sul browser (tipo, sistema, dispositivo) che ci aiutano a capire il problema.",
              },
            ],
          },
          {
            id: "data-billing",
            title: "Abbonamenti e pagamenti",
            blocks: [
              {
                p: "Piano scelto, magazzini coperti, importi, codice promozionale usato, stato e date dell'abbonamento, metodo di pagamento, causale del bonifico assegnata al tuo account e le note dell'amministratore che ha verificato il bonifico.",
              },
              {
                p: f.cardPayments
                  ? "Per i pagamenti con carta conserviamo solo l'identificativo cliente presso Stripe e le ultime quattro cifre della carta: i dati completi della carta sono inseriti nel modulo di Stripe e non passano mai dai nostri server."
                  : "Il pagamento con carta non è attivo su questo sito: gli abbonamenti si pagano con bonifico bancario e nessun dato di carta viene trattato.",
              },
            ],
          },
          {
            id: "data-technical",
            title: "Dati tecnici e di sicurezza",
            blocks: [
              {
                ul: [
                  "Sessioni di accesso: un'impronta del codice di sessione (mai il codice stesso), indirizzo IP, browser usato, data di inizio e di ultimo utilizzo.",
                  "Codici e link monouso (conferma dell'e-mail, recupero della password, invito, cambio di e-mail): solo la loro impronta, la scadenza e, per il cambio, il nuovo indirizzo in attesa di conferma.",
                  "Contatori contro gli abusi: numero di tentativi per indirizzo IP, per account o per indirizzo e-mail in finestre di tempo brevi.",
                  "Registri del server: indirizzo IP, pagina richiesta, data e ora, browser; password, cookie e codici segreti sono oscurati prima della scrittura.",
                  "Statistiche dei magazzini: quante volte un magazzino compare nei risultati e quante volte la sua scheda è aperta, per giorno, senza sapere chi l'ha vista.",
                  "Notifiche nell'area personale e copie dei messaggi e-mail inviati dalla piattaforma.",
                  "Posizione: se scegli «usa la mia posizione», il browser, con il tuo permesso, ci comunica la posizione solo per centrare la ricerca; non la conserviamo, se non come località di una richiesta che decidi di inviare.",
                ],
              },
            ],
          },
          {
            id: "data-admin",
            title: "Dati di amministrazione",
            blocks: [
              {
                p: "Il registro delle operazioni degli amministratori (chi ha cambiato cosa, quando, con i valori precedenti e successivi) e le note sui contatti con gli stocker (telefonate, e-mail, incontri, azioni da seguire).",
              },
            ],
          },
        ],
      },
      {
        id: "purposes",
        title: "Finalità e basi giuridiche",
        blocks: [
          {
            table: {
              head: ["Finalità", "Base giuridica"],
              rows: [
                [
                  "Creare e gestire il tuo account, farti accedere, fornirti la ricerca, i preferiti, le aree personali e le notifiche",
                  "Esecuzione del contratto (art. 6.1.b GDPR)",
                ],
                [
                  "Inoltrare le richieste di preventivo ai magazzini e mandarti le conferme",
                  "Misure precontrattuali prese su tua richiesta ed esecuzione del contratto (art. 6.1.b)",
                ],
                [
                  "Pubblicare i magazzini, approvare stocker e hub, gestire referenti, recensioni e segnalazioni",
                  "Esecuzione del contratto (art. 6.1.b) e legittimo interesse a un catalogo affidabile (art. 6.1.f)",
                ],
                [
                  "Gestire abbonamenti, pagamenti, fatture e contabilità",
                  "Esecuzione del contratto (art. 6.1.b) e obblighi di legge fiscali e contabili (art. 6.1.c)",
                ],
                [
                  "Rispondere alle richieste di assistenza",
                  "Misure precontrattuali o esecuzione del contratto (art. 6.1.b) e legittimo interesse a rispondere a chi ci scrive (art. 6.1.f)",
                ],
                [
                  "Proteggere il servizio da accessi abusivi, invii automatici e frodi; tenere traccia delle operazioni degli amministratori",
                  "Legittimo interesse alla sicurezza del servizio e dei suoi utenti (art. 6.1.f)",
                ],
                ["Seguire il rapporto commerciale con gli stocker (note di contatto)", "Legittimo interesse (art. 6.1.f)"],
                ["Inviarti novità e offerte di Stockspace via e-mail", "Consenso facoltativo «novità e offerte» (art. 6.1.a GDPR e art. 130 del Codice)"],
                ["Comunicare i tuoi dati ai partner di Stockspace per le loro offerte", "Consenso facoltativo «comunicazione ai partner» (art. 6.1.a)"],
                ["Accertare, esercitare o difendere un diritto in sede giudiziaria", "Legittimo interesse (art. 6.1.f)"],
              ],
            },
          },
          {
            p: "Dove la base è il legittimo interesse, abbiamo verificato che non prevalga sui tuoi diritti e puoi sempre opporti (sezione «I tuoi diritti»). Non prendiamo decisioni basate unicamente su trattamenti automatizzati che producano effetti giuridici su di te (art. 22 GDPR): l'approvazione degli stocker e degli hub è decisa da una persona.",
          },
        ],
      },
      {
        id: "consents",
        title: "I consensi facoltativi (novità e offerte, comunicazione ai partner)",
        blocks: [
          {
            p: "Nella registrazione e nel modulo di richiesta di preventivo trovi, oltre all'accettazione obbligatoria delle condizioni e dell'informativa, due consensi facoltativi, conservati nel tuo account (o nella richiesta) insieme alla data in cui li hai dati:",
          },
          {
            ul: [
              [
                { strong: "Novità e offerte" },
                " («Desidero ricevere novità e offerte di Stockspace via e-mail»; nella richiesta di preventivo «Acconsento a ricevere novità e offerte da Stockspace»): permette al titolare di mandarti per e-mail notizie sul servizio e offerte commerciali proprie, come promozioni sugli abbonamenti e codici sconto. Non autorizza altri canali (telefono, SMS) né l'invio da parte di terzi.",
              ],
              [
                { strong: "Comunicazione ai partner" },
                " («Acconsento alla comunicazione dei miei dati ai partner di Stockspace per le loro offerte»): permette al titolare di comunicare nome, azienda, e-mail e telefono ad aziende partner attive nella logistica e nei servizi collegati (per esempio trasporti, assicurazioni, attrezzature di magazzino), perché ti inviino le loro offerte. Ogni partner diventa un titolare autonomo e deve darti la propria informativa; l'elenco dei partner a cui i tuoi dati sono stati comunicati ti viene dato su richiesta.",
              ],
            ],
          },
          {
            p: "Entrambi sono facoltativi: senza di essi l'account, la ricerca e le richieste funzionano esattamente allo stesso modo. Nella registrazione le caselle sono vuote finché non le selezioni; nella richiesta inviata dalla scheda di un magazzino senza account ti chiediamo di rispondere sì o no, e «no» vale quanto «sì».",
          },
          {
            p: [
              "Puoi revocarli in qualsiasi momento, senza motivare e senza costi, scrivendo a ",
              { operator: "email" },
              "; ogni e-mail commerciale indica anche come opporsi ai messaggi successivi. La revoca non rende illecito quanto fatto prima (art. 7.3 GDPR).",
            ],
          },
        ],
      },
      {
        id: "recipients",
        title: "A chi comunichiamo i dati",
        blocks: [
          {
            ul: [
              "Agli stocker e ai referenti dei magazzini a cui invii una richiesta di preventivo: ricevono i dati della richiesta per risponderti e li trattano come titolari autonomi. Se un magazzino non ha ancora un gestore registrato, la richiesta arriva al personale del titolare, che può contattare il magazzino per tuo conto.",
              "All'altra parte della richiesta, quando scrivi una recensione o una segnalazione: la riceve con il nome, l'e-mail e il telefono che hai indicato. Dei voti delle recensioni ai magazzini è pubblicata solo la media con il numero di recensioni.",
              "Agli utenti del sito, per i magazzini pubblici di uno stocker abbonato: nome, indirizzo, contatti del magazzino e nome ed e-mail del referente sono visibili, perché servono a chi cerca spazio.",
              "Al personale del titolare autorizzato e istruito (art. 29 GDPR e art. 2-quaterdecies del Codice), con accessi limitati al ruolo di amministratore e registrati.",
              "Ai fornitori che trattano dati per conto del titolare, elencati nella sezione seguente.",
              "Ai partner, solo con il consenso «comunicazione ai partner».",
              "Alle autorità e ad altri soggetti quando lo impone la legge o un provvedimento.",
            ],
          },
          { p: "Non vendiamo i tuoi dati e non li usiamo per pubblicità personalizzata." },
        ],
      },
      {
        id: "processors",
        title: "Fornitori e responsabili del trattamento",
        blocks: [
          { p: "Il titolare si avvale di questi fornitori, nominati responsabili del trattamento (art. 28 GDPR) o, dove indicato, titolari autonomi:" },
          {
            ul: [
              "Infrastruttura: il fornitore di server e database su cui funzionano il sito e l'archivio dei dati.",
              "Posta elettronica: il servizio SMTP configurato dal titolare, che recapita tutte le e-mail della piattaforma (codici, conferme, richieste, recensioni, pagamenti) e riceve quindi indirizzo, oggetto e contenuto di ciascun messaggio.",
              [
                "Mappe: il tuo browser carica stile e riquadri della mappa da ",
                { strong: f.mapHost },
                ", che riceve il tuo indirizzo IP e la zona della mappa che stai guardando, come per ogni richiesta web. I dati cartografici sono © contributori di OpenStreetMap.",
              ],
              f.onlineGeocoder
                ? "Ricerca degli indirizzi: quando cerchi una località o salvi l'indirizzo di un magazzino, i nostri server inviano il testo dell'indirizzo a un servizio di geocodifica compatibile con Nominatim scelto dal titolare; quel servizio non riceve il tuo indirizzo IP né i tuoi dati di contatto."
                : "Ricerca degli indirizzi: le località sono cercate sui server del titolare in un archivio geografico interno; nessun dato viene inviato a terzi.",
              f.cardPayments
                ? [
                    "Pagamenti con carta: Stripe Payments Europe, Ltd. (1 Grand Canal Street Lower, Dublino 2, Irlanda). I dati della carta vanno direttamente a Stripe, che li tratta anche come titolare autonomo per la prevenzione delle frodi e i propri obblighi di legge (",
                    { href: "https://stripe.com/it/privacy", text: "informativa di Stripe" },
                    "). Il modulo di Stripe è caricato solo nel passaggio di pagamento.",
                  ]
                : "Pagamenti: il pagamento con carta non è attivo; i bonifici sono verificati dal titolare sul proprio conto e nessun fornitore di pagamento riceve dati.",
              f.s3Images
                ? "Foto dei magazzini: sono conservate e distribuite da un servizio di archiviazione di oggetti compatibile S3 scelto dal titolare."
                : "Foto dei magazzini: sono conservate sui server del titolare.",
            ],
          },
          { p: ["L'elenco aggiornato dei fornitori, con nome e sede, ti viene dato su richiesta a ", { operator: "email" }, "."] },
        ],
      },
      {
        id: "transfers",
        title: "Trasferimenti fuori dallo Spazio economico europeo",
        blocks: [
          {
            p: "Il titolare sceglie fornitori che trattano i dati nello Spazio economico europeo. Se un fornitore (o un suo sub-fornitore) li trattasse altrove, il trasferimento avverrebbe solo con le garanzie del capo V del GDPR: una decisione di adeguatezza della Commissione europea, come quella sull'EU-U.S. Data Privacy Framework per i fornitori che vi aderiscono, oppure le clausole contrattuali tipo. Puoi chiederne copia al titolare.",
          },
        ],
      },
      {
        id: "retention",
        title: "Per quanto tempo conserviamo i dati",
        blocks: [
          {
            p: "I periodi marcati «automatico» sono applicati dalla piattaforma stessa; gli altri sono la politica del titolare, che li applica con le funzioni di amministrazione.",
          },
          {
            table: {
              head: ["Dati", "Periodo"],
              rows: [
                [
                  "Account e profilo, notifiche, preferiti",
                  "Finché l'account esiste; entro 30 giorni dalla chiusura sono cancellati o resi anonimi, salvo quanto segue",
                ],
                ["Consensi e loro date", "Quanto l'account o la richiesta a cui si riferiscono; la revoca è conservata come prova"],
                [
                  "Richieste di preventivo, compreso l'indirizzo IP",
                  "Per chi ha un account, finché l'account esiste; per le richieste inviate senza account, 24 mesi dall'invio",
                ],
                ["Recensioni e segnalazioni", "Finché esiste l'account di chi le ha scritte e la richiesta a cui si riferiscono"],
                ["Richieste di assistenza", "24 mesi dall'invio"],
                ["Copie delle e-mail inviate dalla piattaforma", "12 mesi dall'invio"],
                [
                  "Abbonamenti, importi, pagamenti, causali e note sui bonifici",
                  "10 anni (art. 2220 del Codice civile e norme fiscali); per questo un account con abbonamenti non può essere cancellato del tutto prima",
                ],
                [
                  "Magazzini, foto e contatti",
                  "Finché lo stocker o il referente non li rimuove o il magazzino non è eliminato; alla scadenza dell'abbonamento il magazzino resta nel catalogo in forma anonima",
                ],
                [
                  `Sessioni di accesso (IP e browser)`,
                  `Automatico: con «ricordami» ${f.sessions.rememberDays} giorni dall'accesso, altrimenti ${f.sessions.idleHours} ore di inattività e al massimo ${f.sessions.browserMaxDays} giorni; le sessioni scadute sono cancellate ogni ora e ogni utente ne ha al massimo ${f.sessions.maxPerUser}`,
                ],
                [
                  "Codici e link monouso",
                  `Automatico: validi ${f.tokens.confirmCodeMinutes} minuti (codice di conferma), ${f.tokens.resetMinutes} minuti (recupero password), ${f.tokens.changeEmailHours} ore (cambio e-mail), ${f.tokens.invitationDays} giorni (invito); cancellati ${f.tokens.keptDays} giorni dopo l'uso o la scadenza`,
                ],
                ["Contatori contro gli abusi (IP, account, e-mail)", `Automatico: cancellati dopo ${f.rateLimitHours} ore`],
                ["Registri del server", "30 giorni"],
                ["Note sui contatti con gli stocker", "Finché esiste l'account dello stocker; senza account, 24 mesi dall'ultimo contatto"],
                [
                  "Registro delle operazioni degli amministratori",
                  "Per tutta la durata del servizio: non può essere modificato né cancellato da nessuno, così da provare chi ha fatto cosa; è consultabile solo dagli amministratori",
                ],
                ["Statistiche di visualizzazione dei magazzini", "Finché esiste il magazzino (sono conteggi giornalieri senza dati personali)"],
              ],
            },
          },
          {
            p: [
              "Per chiudere il tuo account scrivi a ",
              { operator: "email" },
              " dall'indirizzo e-mail dell'account. Dopo i periodi indicati i dati sono cancellati o resi anonimi in modo che non sia più possibile risalire a te.",
            ],
          },
        ],
      },
      {
        id: "cookies",
        title: "Cookie",
        blocks: [
          {
            p: "Il sito usa solo cookie tecnici, necessari al suo funzionamento e alla sua sicurezza. Non usa cookie di profilazione, pubblicitari o di statistica, né di terze parti per questi scopi: per questo non ti chiediamo un consenso (art. 122.1 del Codice e Linee guida del Garante sui cookie del 10 giugno 2021).",
          },
          {
            table: {
              head: ["Cookie", "A cosa serve", "Durata"],
              rows: [
                [
                  "sid",
                  "Tiene aperta la sessione dopo l'accesso (non leggibile dagli script)",
                  `Fino alla chiusura del browser, oppure ${f.sessions.rememberDays} giorni con «ricordami»`,
                ],
                ["XSRF-TOKEN", "Protegge i moduli dalle richieste contraffatte da altri siti", "Fino alla chiusura del browser"],
                ["locale", "Ricorda la lingua scelta (italiano o inglese)", `${f.cookies.localeDays} giorni`],
                [
                  "device",
                  "Riconosce un browser da cui hai già effettuato l'accesso, così che i tentativi di altri non blocchino il tuo account; è inviato solo alla pagina di accesso",
                  `${f.cookies.deviceDays} giorni`,
                ],
                [
                  "pending_reg",
                  "Collega il browser alla registrazione che stai confermando con il codice ricevuto",
                  `${f.cookies.pendingRegistrationHours} ore`,
                ],
              ],
            },
          },
          {
            p: f.cardPayments
              ? [
                  "Nel passaggio di pagamento con carta, Stripe può impostare propri cookie tecnici per la prevenzione delle frodi (",
                  { href: "https://stripe.com/it/legal/cookies-policy", text: "informativa sui cookie di Stripe" },
                  "). Il servizio delle mappe riceve le richieste dei riquadri senza nostri cookie.",
                ]
              : "Il servizio delle mappe riceve le richieste dei riquadri senza nostri cookie.",
          },
          { p: "Puoi cancellare i cookie dalle impostazioni del browser; senza «sid» e «XSRF-TOKEN» non è possibile accedere né inviare moduli." },
        ],
      },
      {
        id: "security",
        title: "Sicurezza",
        blocks: [
          {
            p: "Proteggiamo i dati con misure adeguate al rischio (art. 32 GDPR): connessioni cifrate, password conservate con argon2id, codici di sessione e link monouso conservati solo come impronte, sessioni che scadono e si possono chiudere, protezione dei moduli dalle richieste contraffatte, controllo del ruolo su ogni operazione, limiti ai tentativi, registro non modificabile delle operazioni degli amministratori. In caso di violazione dei dati che presenti un rischio per te, ti avviseremo come prevedono gli articoli 33 e 34 GDPR.",
          },
        ],
      },
      {
        id: "rights",
        title: "I tuoi diritti",
        blocks: [
          { p: "In qualsiasi momento puoi chiedere al titolare:" },
          {
            ul: [
              "l'accesso ai tuoi dati e una copia (art. 15);",
              "la rettifica dei dati inesatti (art. 16): molti li puoi correggere da solo nel tuo profilo;",
              "la cancellazione (art. 17), nei limiti dei dati che la legge ci obbliga a conservare;",
              "la limitazione del trattamento (art. 18);",
              "la portabilità dei dati che ci hai fornito, in un formato strutturato e leggibile da dispositivo automatico (art. 20);",
              "l'opposizione ai trattamenti basati sul legittimo interesse e, sempre e senza motivazione, all'invio di comunicazioni commerciali (art. 21);",
              "la revoca dei consensi facoltativi, senza effetti sul trattamento già svolto (art. 7.3).",
            ],
          },
          {
            p: [
              "Scrivi a ",
              { operator: "email" },
              ...(f.operator.pec ? [" o via PEC a ", { operator: "pec" } as const] : []),
              ". Rispondiamo entro un mese, prorogabile di due mesi per richieste complesse o numerose, come prevede l'art. 12 GDPR; possiamo chiederti di confermare la tua identità. L'esercizio dei diritti è gratuito.",
            ],
          },
        ],
      },
      {
        id: "complaint",
        title: "Reclamo all'autorità di controllo",
        blocks: [
          {
            p: [
              "Se ritieni che il trattamento violi la normativa puoi proporre reclamo al Garante per la protezione dei dati personali, Piazza Venezia 11, 00187 Roma (",
              { href: "https://www.garanteprivacy.it", text: "www.garanteprivacy.it" },
              "), o all'autorità di controllo dello Stato dell'Unione in cui vivi o lavori, oppure rivolgerti all'autorità giudiziaria.",
            ],
          },
        ],
      },
      {
        id: "required",
        title: "Dati obbligatori e minori",
        blocks: [
          {
            p: "I campi contrassegnati come obbligatori servono a fornirti il servizio: senza di essi non possiamo creare l'account, inoltrare la richiesta o rispondere. Gli altri dati sono facoltativi.",
          },
          { p: "Il servizio è rivolto a imprese e professionisti e non è destinato ai minori di 18 anni." },
        ],
      },
      {
        id: "changes",
        title: "Modifiche a questa informativa",
        blocks: [
          {
            p: [
              "Se cambiamo il modo in cui trattiamo i dati aggiorniamo questa pagina e la data in alto; se il cambiamento è rilevante lo comunichiamo anche per e-mail agli utenti registrati. Il funzionamento del servizio è descritto nelle ",
              { doc: "general-conditions", text: "condizioni generali" },
              ", nelle ",
              { doc: "stocker-conditions", text: "condizioni per gli stocker" },
              " e nelle ",
              { doc: "stock-hunter-conditions", text: "condizioni per gli stock hunter" },
              ".",
            ],
          },
        ],
      },
    ],
  };
};
