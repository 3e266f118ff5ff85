// The starting catalogue: business sectors (markets) and the warehouse specifications of the
// seven categories. Used by the demo seed; administrators manage the specifications afterwards.

export type CatalogueSpecification = {
  value: string;
  value_en: string;
  description: string;
  description_en: string;
};

export type CatalogueMarket = { label: string; label_en: string };

/** Category ids as inserted by the first migration (specification_categories). */
export const SPECIFICATION_CATEGORY_IDS = {
  service: 1,
  material: 2,
  security: 3,
  equipment: 4,
  it: 5,
  lu: 6,
  certification: 7,
} as const;

const spec = (value: string, value_en: string, description: string, description_en: string): CatalogueSpecification => ({
  value,
  value_en,
  description,
  description_en,
});

export const SPECIFICATIONS: Record<keyof typeof SPECIFICATION_CATEGORY_IDS, CatalogueSpecification[]> = {
  service: [
    spec(
      "Picking",
      "Picking",
      "Prelievo dei singoli articoli dalle ubicazioni per comporre gli ordini.",
      "Picking individual items from their locations to make up orders.",
    ),
    spec(
      "Co-packing",
      "Co-packing",
      "Confezionamento conto terzi: kit, multipack, espositori e confezioni promozionali.",
      "Contract packing: kits, multipacks, displays and promotional packs.",
    ),
    spec(
      "Cross-docking",
      "Cross-docking",
      "Transito della merce dal ricevimento alla spedizione senza stoccaggio intermedio.",
      "Goods move from receiving to shipping without being put away.",
    ),
    spec(
      "Etichettatura",
      "Labelling",
      "Applicazione di etichette di prodotto, logistiche e di conformità.",
      "Applying product, logistics and compliance labels.",
    ),
    spec(
      "Gestione resi",
      "Returns management",
      "Ricezione, controllo, ricondizionamento e rimessa a stock dei resi.",
      "Receiving, inspecting, refurbishing and restocking returned goods.",
    ),
    spec(
      "Stoccaggio a temperatura controllata",
      "Temperature-controlled storage",
      "Celle e aree a temperatura monitorata per merci sensibili.",
      "Monitored-temperature rooms and areas for sensitive goods.",
    ),
    spec(
      "Fulfillment e-commerce",
      "E-commerce fulfilment",
      "Evasione degli ordini online fino alla consegna al corriere.",
      "Fulfilling online orders up to hand-over to the courier.",
    ),
    spec(
      "Trasporto e distribuzione",
      "Transport and distribution",
      "Consegne su gomma con mezzi propri o di partner, groupage e dedicati.",
      "Road deliveries with own or partner vehicles, groupage or dedicated.",
    ),
    spec(
      "Deposito doganale",
      "Customs warehouse",
      "Custodia di merci non comunitarie in sospensione di dazi e IVA.",
      "Storage of non-EU goods with duties and VAT suspended.",
    ),
    spec(
      "Inventario periodico",
      "Periodic stocktaking",
      "Conte cicliche e inventari fisici con riconciliazione delle giacenze.",
      "Cycle counts and physical inventories reconciled with stock records.",
    ),
    spec(
      "Kitting e assemblaggio",
      "Kitting and assembly",
      "Preparazione di kit e piccoli assemblaggi prima della spedizione.",
      "Building kits and light assembly before shipping.",
    ),
    spec(
      "Pallettizzazione e filmatura",
      "Palletising and wrapping",
      "Composizione, filmatura ed eventuale reggiatura dei pallet.",
      "Building, stretch-wrapping and strapping pallets.",
    ),
    spec(
      "Controllo qualità",
      "Quality control",
      "Verifiche in ingresso e in uscita secondo le specifiche del cliente.",
      "Inbound and outbound checks to the customer's specifications.",
    ),
  ],
  material: [
    spec("Alimentare secco", "Dry food", "Prodotti alimentari confezionati a temperatura ambiente.", "Packaged food at ambient temperature."),
    spec(
      "Refrigerati (0/+4 °C)",
      "Chilled (0/+4 °C)",
      "Merci deperibili conservate in catena del freddo positiva.",
      "Perishable goods kept in the chilled chain.",
    ),
    spec("Surgelati (-18 °C)", "Frozen (-18 °C)", "Prodotti surgelati e congelati in celle a temperatura negativa.", "Frozen products in sub-zero cold rooms."),
    spec(
      "ADR / merci pericolose",
      "ADR / dangerous goods",
      "Merci pericolose classificate ADR, in aree compartimentate e autorizzate.",
      "ADR-classified dangerous goods in authorised, segregated areas.",
    ),
    spec(
      "Farmaceutico",
      "Pharmaceutical",
      "Medicinali e dispositivi medici gestiti secondo le Good Distribution Practice.",
      "Medicines and medical devices handled under Good Distribution Practice.",
    ),
    spec("Cosmetico", "Cosmetics", "Prodotti cosmetici e per la cura della persona.", "Cosmetics and personal care products."),
    spec(
      "Abbigliamento e tessile",
      "Clothing and textiles",
      "Capi appesi e stesi, calzature e accessori moda.",
      "Hanging and flat garments, footwear and fashion accessories.",
    ),
    spec(
      "Elettronica",
      "Electronics",
      "Apparecchi elettronici ed elettrodomestici, anche di alto valore.",
      "Electronic devices and household appliances, high-value included.",
    ),
    spec("Arredamento", "Furniture", "Mobili, complementi e merci voluminose.", "Furniture, home accessories and bulky goods."),
    spec("Materiali edili", "Building materials", "Materiali da costruzione, anche su area esterna.", "Construction materials, outdoor storage included."),
    spec(
      "Componenti industriali",
      "Industrial components",
      "Ricambi, semilavorati e componentistica meccanica.",
      "Spare parts, semi-finished goods and mechanical components.",
    ),
    spec(
      "Bevande",
      "Beverages",
      "Acqua, bevande, vini e alcolici (deposito fiscale dove richiesto).",
      "Water, soft drinks, wines and spirits (bonded where required).",
    ),
    spec("Carta e imballaggi", "Paper and packaging", "Bobine, cartone e materiali di imballaggio.", "Reels, cardboard and packaging materials."),
  ],
  security: [
    spec(
      "Videosorveglianza 24/7",
      "24/7 CCTV",
      "Telecamere su tutto il perimetro e le aree interne, registrazione continua.",
      "Cameras on the whole perimeter and indoors, continuous recording.",
    ),
    spec(
      "Vigilanza armata",
      "Armed security patrol",
      "Ronde notturne e pronto intervento di un istituto di vigilanza.",
      "Night patrols and rapid response by a security company.",
    ),
    spec(
      "Impianto antintrusione",
      "Intruder alarm",
      "Sensori perimetrali e volumetrici collegati a una centrale operativa.",
      "Perimeter and motion sensors linked to a monitoring centre.",
    ),
    spec("Impianto sprinkler", "Sprinkler system", "Spegnimento automatico ad acqua, anche in scaffalatura.", "Automatic water sprinklers, in-rack included."),
    spec(
      "Certificato prevenzione incendi",
      "Fire safety certificate",
      "CPI rilasciato dai Vigili del Fuoco per l'attività di deposito.",
      "Fire safety certificate issued by the Fire Brigade for storage.",
    ),
    spec(
      "Rilevazione fumi",
      "Smoke detection",
      "Rilevatori di fumo e calore collegati alla centrale antincendio.",
      "Smoke and heat detectors linked to the fire panel.",
    ),
    spec(
      "Controllo accessi",
      "Access control",
      "Badge, tornelli e registrazione di visitatori e autisti.",
      "Badges, turnstiles and a log of visitors and drivers.",
    ),
    spec(
      "Recinzione e cancello automatico",
      "Fenced yard with automatic gate",
      "Area cortilizia recintata con accesso controllato dei mezzi.",
      "Fenced yard with controlled vehicle access.",
    ),
    spec("Portineria presidiata", "Staffed gatehouse", "Guardiania all'ingresso negli orari di apertura.", "Gatekeeper at the entrance during opening hours."),
    spec("Gabbia per merce di valore", "High-value cage", "Area chiusa e sorvegliata per merci di alto valore.", "Locked, watched area for high-value goods."),
    spec("Polizza assicurativa merci", "Goods insurance", "Copertura assicurativa della merce in giacenza.", "Insurance cover for goods in stock."),
  ],
  equipment: [
    spec("Scaffalature porta-pallet", "Pallet racking", "Scaffalature a gravità o tradizionali per pallet EPAL.", "Selective or live racking for EUR pallets."),
    spec(
      "Scaffalature drive-in",
      "Drive-in racking",
      "Stoccaggio intensivo a catasta per referenze omogenee.",
      "Dense storage for large lots of the same item.",
    ),
    spec("Scaffalature cantilever", "Cantilever racking", "Per profilati, tubi, pannelli e merci lunghe.", "For bars, pipes, panels and long goods."),
    spec("Soppalco", "Mezzanine", "Piano soppalcato per picking a collo e minuteria.", "Mezzanine floor for case picking and small parts."),
    spec(
      "Carrelli elevatori",
      "Forklift trucks",
      "Carrelli frontali elettrici e diesel, anche per esterno.",
      "Electric and diesel counterbalance trucks, outdoor included.",
    ),
    spec("Carrelli retrattili", "Reach trucks", "Per la movimentazione in quota nelle corsie strette.", "For high-level handling in narrow aisles."),
    spec("Transpallet elettrici", "Electric pallet trucks", "Movimentazione orizzontale dei pallet in banchina.", "Horizontal pallet moves on the dock."),
    spec(
      "Baie di carico con rampa",
      "Loading bays with dock levellers",
      "Portoni sezionali con rampa idraulica e sigillante.",
      "Sectional doors with hydraulic levellers and dock shelters.",
    ),
    spec("Bilancia a pavimento", "Floor scale", "Pesatura certificata di pallet e colli.", "Certified weighing of pallets and parcels."),
    spec("Pesa a ponte", "Weighbridge", "Pesatura degli automezzi in ingresso e in uscita.", "Weighing trucks in and out."),
    spec(
      "Avvolgipallet automatico",
      "Automatic pallet wrapper",
      "Filmatura automatica dei pallet in uscita.",
      "Automatic stretch-wrapping of outbound pallets.",
    ),
    spec(
      "Magazzino automatico",
      "Automated storage (AS/RS)",
      "Traslo-elevatori e magazzini verticali automatici.",
      "Stacker cranes and vertical lift modules.",
    ),
    spec("Nastri trasportatori", "Conveyors", "Linee di trasporto colli per picking e smistamento.", "Parcel conveyors for picking and sorting."),
  ],
  it: [
    spec(
      "WMS",
      "WMS",
      "Warehouse Management System con gestione delle ubicazioni in tempo reale.",
      "Warehouse Management System with real-time location control.",
    ),
    spec("EDI", "EDI", "Scambio elettronico di ordini, avvisi di spedizione e fatture.", "Electronic exchange of orders, shipping notices and invoices."),
    spec(
      "Tracciabilità lotti e scadenze",
      "Batch and expiry tracking",
      "Gestione FIFO/FEFO con lotto e data di scadenza per ogni movimento.",
      "FIFO/FEFO with batch and expiry date on every movement.",
    ),
    spec(
      "Inventario RFID",
      "RFID inventory",
      "Lettura RFID di colli e pallet per inventari rapidi.",
      "RFID reading of cases and pallets for fast stocktaking.",
    ),
    spec("Portale clienti", "Customer portal", "Accesso web a giacenze, movimenti e documenti.", "Web access to stock levels, movements and documents."),
    spec(
      "Integrazione e-commerce",
      "E-commerce integration",
      "Connettori per Shopify, WooCommerce, Magento e marketplace.",
      "Connectors for Shopify, WooCommerce, Magento and marketplaces.",
    ),
    spec(
      "Terminali radiofrequenza",
      "RF terminals",
      "Palmari e lettori barcode per ogni operazione di magazzino.",
      "Handhelds and barcode scanners for every warehouse task.",
    ),
    spec(
      "API REST",
      "REST API",
      "Interfaccia applicativa per integrare il gestionale del cliente.",
      "An application interface to integrate the customer's ERP.",
    ),
    spec(
      "Reportistica KPI",
      "KPI reporting",
      "Indicatori di servizio, accuratezza e tempi di evasione.",
      "Service level, accuracy and order cycle time indicators.",
    ),
    spec("Monitoraggio temperatura", "Temperature monitoring", "Sonde con registrazione continua e allarmi.", "Probes with continuous logging and alarms."),
    spec(
      "Tracking spedizioni",
      "Shipment tracking",
      "Tracciamento delle spedizioni con notifiche al destinatario.",
      "Shipment tracking with notifications to the consignee.",
    ),
  ],
  lu: [
    spec("Baie a raso", "Ground-level doors", "Portoni a livello del piazzale per furgoni e carrelli.", "Yard-level doors for vans and forklifts."),
    spec("Rampa mobile", "Mobile yard ramp", "Rampa carrabile per caricare camion senza baia.", "Drive-on ramp to load trucks without a dock."),
    spec("Container 20'", "20' containers", "Carico e scarico di container da 20 piedi.", "Loading and unloading 20-foot containers."),
    spec(
      "Container 40'",
      "40' containers",
      "Carico e scarico di container da 40 piedi, anche high cube.",
      "Loading and unloading 40-foot containers, high cube included.",
    ),
    spec("Scarico laterale", "Side unloading", "Scarico da telonati e centinati dal fianco del mezzo.", "Unloading curtain-siders from the side."),
    spec(
      "Carico in colli",
      "Loose parcel loading",
      "Carico e scarico di colli sfusi, anche a mano.",
      "Loading and unloading loose parcels, by hand if needed.",
    ),
    spec("Carico pallettizzato", "Palletised loading", "Movimentazione di merce su pallet con carrello.", "Handling palletised goods by forklift."),
    spec(
      "Bilici e autotreni",
      "Articulated trucks and road trains",
      "Piazzale e baie adatti a semirimorchi da 13,6 m.",
      "Yard and docks suited to 13.6 m semi-trailers.",
    ),
    spec("Furgoni e corrieri", "Vans and couriers", "Aree dedicate al ritiro dei corrieri espresso.", "Areas dedicated to express courier pick-ups."),
    spec("Raccordo ferroviario", "Rail siding", "Binario di raccordo per il carico di carri ferroviari.", "Rail siding for loading wagons."),
    spec("Sponda idraulica", "Tail-lift deliveries", "Gestione di mezzi con sponda caricatrice.", "Handling vehicles with tail lifts."),
  ],
  certification: [
    spec("ISO 9001", "ISO 9001", "Sistema di gestione per la qualità.", "Quality management system."),
    spec("ISO 14001", "ISO 14001", "Sistema di gestione ambientale.", "Environmental management system."),
    spec("ISO 45001", "ISO 45001", "Sistema di gestione per la salute e sicurezza sul lavoro.", "Occupational health and safety management system."),
    spec(
      "AEO",
      "AEO",
      "Operatore Economico Autorizzato per le semplificazioni doganali e la sicurezza.",
      "Authorised Economic Operator for customs simplifications and security.",
    ),
    spec("HACCP", "HACCP", "Piano di autocontrollo igienico per la conservazione degli alimenti.", "Food hygiene self-control plan for storing food."),
    spec("GDP", "GDP", "Good Distribution Practice per i prodotti farmaceutici.", "Good Distribution Practice for pharmaceutical products."),
    spec("IFS Logistics", "IFS Logistics", "Standard di sicurezza alimentare per le attività logistiche.", "Food safety standard for logistics operations."),
    spec(
      "BRCGS Storage and Distribution",
      "BRCGS Storage and Distribution",
      "Standard globale per stoccaggio e distribuzione di prodotti.",
      "Global standard for storage and distribution of products.",
    ),
    spec("ISO 27001", "ISO 27001", "Sistema di gestione per la sicurezza delle informazioni.", "Information security management system."),
    spec(
      "TAPA FSR",
      "TAPA FSR",
      "Requisiti di sicurezza per strutture che custodiscono merci ad alto valore.",
      "Security requirements for facilities holding high-value goods.",
    ),
    spec("Biologico (ICEA)", "Organic (ICEA)", "Certificazione per lo stoccaggio di prodotti biologici.", "Certification for storing organic products."),
    spec("SA8000", "SA8000", "Standard di responsabilità sociale d'impresa.", "Social accountability standard."),
  ],
};

export const MARKETS: CatalogueMarket[] = [
  { label: "Alimentare", label_en: "Food" },
  { label: "Farmaceutico", label_en: "Pharmaceutical" },
  { label: "Moda", label_en: "Fashion" },
  { label: "Elettronica", label_en: "Electronics" },
  { label: "Automotive", label_en: "Automotive" },
  { label: "Arredamento", label_en: "Furniture" },
  { label: "E-commerce", label_en: "E-commerce" },
  { label: "Chimico", label_en: "Chemicals" },
  { label: "Edilizia", label_en: "Construction" },
  { label: "GDO", label_en: "Large-scale retail" },
  { label: "Industria meccanica", label_en: "Mechanical engineering" },
  { label: "Altro", label_en: "Other" },
];
