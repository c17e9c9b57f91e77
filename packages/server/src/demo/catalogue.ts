import type { ProductCategory, ServiceCategory } from '../db/database.js';

/** The demo chain's fixed data: salons, catalogue, names and texts (Italian, prices in cents). */

export interface SalonSeed {
  name: string;
  city: string;
  address: string;
  postalCode: string;
  latitude: number;
  longitude: number;
}

export const SALON_SEEDS: readonly SalonSeed[] = [
  {
    name: 'Salone Milano Brera',
    city: 'Milano',
    address: 'Via Fiori Chiari 12',
    postalCode: '20121',
    latitude: 45.4719,
    longitude: 9.1881,
  },
  { name: 'Salone Torino Centro', city: 'Torino', address: 'Via Garibaldi 24', postalCode: '10122', latitude: 45.0731, longitude: 7.6806 },
  { name: 'Salone Roma Prati', city: 'Roma', address: 'Via Cola di Rienzo 88', postalCode: '00192', latitude: 41.9065, longitude: 12.4636 },
  {
    name: 'Salone Bologna Santo Stefano',
    city: 'Bologna',
    address: 'Via Santo Stefano 31',
    postalCode: '40125',
    latitude: 44.4903,
    longitude: 11.3509,
  },
  { name: 'Salone Firenze Oltrarno', city: 'Firenze', address: 'Via Maggio 7', postalCode: '50125', latitude: 43.7656, longitude: 11.2494 },
  { name: 'Salone Napoli Chiaia', city: 'Napoli', address: 'Via dei Mille 40', postalCode: '80121', latitude: 40.8359, longitude: 14.2378 },
  { name: 'Salone Verona Arena', city: 'Verona', address: 'Via Mazzini 15', postalCode: '37121', latitude: 45.4415, longitude: 10.9967 },
  {
    name: 'Salone Genova Carignano',
    city: 'Genova',
    address: 'Via Assarotti 22',
    postalCode: '16122',
    latitude: 44.4093,
    longitude: 8.9449,
  },
  { name: 'Salone Padova Prato', city: 'Padova', address: 'Via Umberto I 56', postalCode: '35122', latitude: 45.4012, longitude: 11.8765 },
  { name: 'Salone Bergamo Alta', city: 'Bergamo', address: 'Via Colleoni 9', postalCode: '24129', latitude: 45.7038, longitude: 9.6626 },
  { name: 'Salone Milano Isola', city: 'Milano', address: 'Via Borsieri 18', postalCode: '20159', latitude: 45.4888, longitude: 9.1889 },
  { name: 'Salone Roma Parioli', city: 'Roma', address: 'Viale Parioli 61', postalCode: '00197', latitude: 41.9279, longitude: 12.4906 },
  { name: 'Salone Bari Murat', city: 'Bari', address: 'Via Sparano 102', postalCode: '70121', latitude: 41.1238, longitude: 16.8687 },
  {
    name: 'Salone Palermo Libertà',
    city: 'Palermo',
    address: 'Via della Libertà 45',
    postalCode: '90143',
    latitude: 38.1317,
    longitude: 13.3468,
  },
  { name: 'Salone Trieste Borgo', city: 'Trieste', address: 'Via Dante 6', postalCode: '34122', latitude: 45.6512, longitude: 13.7768 },
  { name: 'Salone Parma Duomo', city: 'Parma', address: 'Strada Cavour 28', postalCode: '43121', latitude: 44.8027, longitude: 10.3292 },
  {
    name: 'Salone Brescia Vittoria',
    city: 'Brescia',
    address: 'Corso Zanardelli 19',
    postalCode: '25121',
    latitude: 45.5394,
    longitude: 10.2204,
  },
  { name: 'Salone Monza Duomo', city: 'Monza', address: 'Via Italia 33', postalCode: '20900', latitude: 45.5839, longitude: 9.2741 },
  { name: 'Salone Lecce Barocco', city: 'Lecce', address: 'Via Trinchese 12', postalCode: '73100', latitude: 40.3529, longitude: 18.1723 },
  { name: 'Salone Cagliari Marina', city: 'Cagliari', address: 'Via Roma 75', postalCode: '09124', latitude: 39.2167, longitude: 9.1109 },
];

export interface ServiceSeed {
  name: string;
  category: ServiceCategory;
  minutes: number;
  euros: number;
}

/** Ids follow this order (1-based). */
export const SERVICES: readonly ServiceSeed[] = [
  { name: 'Shampoo', category: 'STYLING', minutes: 10, euros: 8 },
  { name: 'Piega corta', category: 'STYLING', minutes: 30, euros: 25 },
  { name: 'Piega lunga', category: 'STYLING', minutes: 45, euros: 32 },
  { name: 'Piega con ferro (onde)', category: 'STYLING', minutes: 45, euros: 35 },
  { name: 'Raccolto sposa', category: 'STYLING', minutes: 60, euros: 90 },
  { name: 'Taglio donna', category: 'HAIRCUT', minutes: 45, euros: 45 },
  { name: 'Taglio uomo', category: 'HAIRCUT', minutes: 30, euros: 25 },
  { name: 'Taglio bambino', category: 'HAIRCUT', minutes: 20, euros: 18 },
  { name: 'Regolazione frangia', category: 'HAIRCUT', minutes: 10, euros: 10 },
  { name: 'Barba', category: 'HAIRCUT', minutes: 20, euros: 15 },
  { name: 'Colore', category: 'COLOUR', minutes: 60, euros: 60 },
  { name: 'Ritocco radice', category: 'COLOUR', minutes: 45, euros: 45 },
  { name: 'Meches', category: 'COLOUR', minutes: 120, euros: 120 },
  { name: 'Balayage', category: 'COLOUR', minutes: 150, euros: 120 },
  { name: 'Tonalizzante', category: 'COLOUR', minutes: 20, euros: 30 },
  { name: 'Colore uomo', category: 'COLOUR', minutes: 30, euros: 30 },
  { name: 'Trattamento ristrutturante', category: 'TREATMENT', minutes: 20, euros: 35 },
  { name: 'Trattamento anticaduta', category: 'TREATMENT', minutes: 25, euros: 40 },
  { name: 'Maschera idratante', category: 'TREATMENT', minutes: 15, euros: 20 },
  { name: 'Cheratina lisciante', category: 'TREATMENT', minutes: 120, euros: 150 },
  { name: 'Scrub cute', category: 'TREATMENT', minutes: 15, euros: 25 },
];

/** Service ids by name, for the visit recipes below. */
export const S = Object.fromEntries(SERVICES.map((service, index) => [service.name, index + 1])) as Record<string, number>;

export interface ProductSeed {
  name: string;
  brand: string;
  category: ProductCategory;
  euros: number;
  costEuros: number;
  /** How often it sells (retail) or is used (back bar), relative. */
  weight: number;
}

/** Ids follow this order (1-based). */
export const PRODUCTS: readonly ProductSeed[] = [
  { name: 'Shampoo Bain Satin 250 ml', brand: 'Kérastase', category: 'RESALE', euros: 28, costEuros: 14, weight: 10 },
  { name: 'Maschera Elixir Ultime 200 ml', brand: 'Kérastase', category: 'RESALE', euros: 45, costEuros: 22.5, weight: 5 },
  { name: "Olio Elixir Ultime L'Huile 100 ml", brand: 'Kérastase', category: 'RESALE', euros: 49, costEuros: 24, weight: 6 },
  { name: 'Lacca Laque Couture 300 ml', brand: 'Kérastase', category: 'RESALE', euros: 26, costEuros: 12.5, weight: 3 },
  { name: 'Olaplex N.3 Hair Perfector 100 ml', brand: 'Olaplex', category: 'RESALE', euros: 32, costEuros: 16, weight: 7 },
  { name: 'Olaplex N.4 Shampoo 250 ml', brand: 'Olaplex', category: 'RESALE', euros: 30, costEuros: 15, weight: 5 },
  { name: 'OI Shampoo 250 ml', brand: 'Davines', category: 'RESALE', euros: 26, costEuros: 12, weight: 8 },
  { name: 'OI Oil 135 ml', brand: 'Davines', category: 'RESALE', euros: 38, costEuros: 18, weight: 5 },
  { name: 'Love Curl Cream 150 ml', brand: 'Davines', category: 'RESALE', euros: 29, costEuros: 14, weight: 3 },
  { name: 'Shampoo uomo Purifying 250 ml', brand: 'Davines', category: 'RESALE', euros: 20, costEuros: 9.5, weight: 4 },
  { name: 'Absolut Repair Shampoo 300 ml', brand: "L'Oréal Professionnel", category: 'RESALE', euros: 22, costEuros: 10, weight: 8 },
  { name: 'Absolut Repair Maschera 250 ml', brand: "L'Oréal Professionnel", category: 'RESALE', euros: 30, costEuros: 14, weight: 5 },
  { name: 'Acidic Bonding Concentrate Shampoo 300 ml', brand: 'Redken', category: 'RESALE', euros: 27, costEuros: 13, weight: 4 },
  { name: 'Oil Reflections 100 ml', brand: 'Wella', category: 'RESALE', euros: 29, costEuros: 14, weight: 3 },
  { name: 'Semi di Lino Cristalli Liquidi 50 ml', brand: 'Alfaparf', category: 'RESALE', euros: 25, costEuros: 11, weight: 4 },
  { name: 'Cera opaca uomo 75 ml', brand: 'American Crew', category: 'RESALE', euros: 18, costEuros: 8, weight: 3 },
  { name: 'Spazzola pneumatica', brand: 'Mason Pearson', category: 'RESALE', euros: 120, costEuros: 60, weight: 0.4 },
  { name: 'Piastra Platinum+', brand: 'ghd', category: 'RESALE', euros: 269, costEuros: 150, weight: 0.3 },
  { name: 'Majirel colore in crema 50 ml', brand: "L'Oréal Professionnel", category: 'PROFESSIONAL', euros: 9, costEuros: 7.5, weight: 10 },
  { name: 'Ossidante Oxydant 20 vol 1 l', brand: "L'Oréal Professionnel", category: 'PROFESSIONAL', euros: 12, costEuros: 9, weight: 3 },
  { name: 'Blond Studio decolorante 500 g', brand: "L'Oréal Professionnel", category: 'PROFESSIONAL', euros: 40, costEuros: 32, weight: 1 },
  { name: 'Dia Light tonalizzante 50 ml', brand: "L'Oréal Professionnel", category: 'PROFESSIONAL', euros: 10, costEuros: 8, weight: 2 },
  { name: 'Olaplex N.1 Bond Multiplier 525 ml', brand: 'Olaplex', category: 'PROFESSIONAL', euros: 180, costEuros: 140, weight: 0.3 },
  { name: 'Shampoo professionale 1,5 l', brand: 'Davines', category: 'PROFESSIONAL', euros: 38, costEuros: 28, weight: 1 },
  { name: 'Maschera professionale 1 l', brand: 'Kérastase', category: 'PROFESSIONAL', euros: 70, costEuros: 55, weight: 0.6 },
  { name: 'Carta stagnola rotolo 100 m', brand: 'Sibel', category: 'PROFESSIONAL', euros: 15, costEuros: 11, weight: 0.5 },
  { name: 'Guanti monouso (100 pezzi)', brand: 'Sibel', category: 'PROFESSIONAL', euros: 9, costEuros: 6, weight: 0.8 },
];

export const FEMALE_NAMES = [
  'Giulia',
  'Francesca',
  'Chiara',
  'Sara',
  'Martina',
  'Valentina',
  'Alessia',
  'Elisa',
  'Federica',
  'Silvia',
  'Laura',
  'Elena',
  'Paola',
  'Anna',
  'Maria',
  'Giorgia',
  'Ilaria',
  'Roberta',
  'Simona',
  'Claudia',
  'Monica',
  'Barbara',
  'Cristina',
  'Daniela',
  'Alice',
  'Beatrice',
  'Camilla',
  'Aurora',
  'Sofia',
  'Noemi',
  'Marta',
  'Serena',
  'Veronica',
  'Arianna',
  'Caterina',
  'Lucia',
  'Rita',
  'Manuela',
  'Stefania',
  'Irene',
];

export const MALE_NAMES = [
  'Marco',
  'Luca',
  'Andrea',
  'Matteo',
  'Alessandro',
  'Francesco',
  'Lorenzo',
  'Davide',
  'Simone',
  'Federico',
  'Giuseppe',
  'Antonio',
  'Giovanni',
  'Roberto',
  'Stefano',
  'Paolo',
  'Riccardo',
  'Fabio',
  'Nicola',
  'Tommaso',
];

export const SURNAMES = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  "D'Angelo",
  'Marchetti',
  'Parisi',
  'Villa',
  'Conte',
  'Ferraro',
  'Ferri',
  'Fabbri',
  'Bianco',
  'Marini',
  'Grasso',
  'Valentini',
  'Messina',
];

export const EMAIL_DOMAINS = ['gmail.com', 'libero.it', 'hotmail.it', 'yahoo.it', 'outlook.it', 'icloud.com', 'virgilio.it', 'tiscali.it'];

export const FEEDBACK_COMMENTS = [
  'Bravissima come sempre!',
  'Ottimo servizio, tornerò sicuramente.',
  'Colore perfetto, esattamente quello che volevo.',
  'Un po’ di attesa, ma il risultato è ottimo.',
  'Personale gentile e preparato.',
  'Taglio perfetto.',
  'Piega durata pochissimo.',
  'Ambiente accogliente.',
  'Prezzo un po’ alto.',
  'Mi hanno consigliato un trattamento fantastico.',
];

export const NPS_COMMENTS = [
  'Consiglio il salone a tutte le mie amiche.',
  'Sempre puntuali.',
  'Servizio eccellente.',
  'Bene, ma troppa attesa il sabato.',
  'Prezzi alti rispetto alla zona.',
  'Il mio parrucchiere di fiducia.',
  'Non mi sono trovata bene con il colore.',
];

export const CHAIN_NEWS = [
  {
    title: 'Nuova collezione colore',
    body: 'Da questo mese sono disponibili le nuove nuance della collezione colore. Formazione il primo lunedì del mese.',
  },
  { title: 'Corso di formazione balayage', body: 'Corso avanzato di balayage in sede a Milano: iscrizioni aperte fino a fine mese.' },
  {
    title: 'Obiettivi del mese',
    body: 'Puntiamo su trattamenti e rivendita: ogni trattamento consigliato conta per la campagna incentivi.',
  },
  {
    title: 'Nuovo gestionale cassa',
    body: 'Dalla prossima settimana la cassa registra anche i prodotti consigliati: segnate sempre chi ha consigliato.',
  },
  {
    title: 'Promo trattamenti',
    body: 'Per tutto il mese il trattamento ristrutturante è scontato del 20 % con qualsiasi servizio colore.',
  },
  { title: 'Sondaggio clienti (NPS)', body: 'Ricordate alle clienti di rispondere al sondaggio di soddisfazione: ogni risposta conta.' },
  { title: 'Sicurezza sul lavoro', body: 'Aggiornamento obbligatorio sulla sicurezza: il materiale è nella cartella condivisa.' },
  { title: 'Festa di fine anno', body: 'La cena di fine anno per tutto il personale si terrà il secondo lunedì di gennaio.' },
];

export const SALON_NEWS = [
  { title: 'Chiusura estiva', body: 'Il salone resterà chiuso per la pausa estiva nella settimana di Ferragosto.' },
  { title: 'Turni di dicembre', body: 'A dicembre apriamo anche alcuni lunedì: controllate il planner dei turni.' },
  { title: 'Benvenuta nel team', body: 'Diamo il benvenuto alla nuova collega: aiutatela nelle prime settimane.' },
  { title: 'Inventario magazzino', body: 'Inventario dei prodotti a fine mese: segnate ogni consumo interno.' },
  { title: 'Riunione di salone', body: 'Riunione martedì alle 8:30 per i risultati del mese e la nuova campagna.' },
  { title: 'Nuovo arredo', body: 'Arrivano le nuove postazioni lavaggio: il lavoro si sposta sulle postazioni 3 e 4 per due giorni.' },
];

export const CAMPAIGN_THEMES = [
  { name: 'Colore', serviceNames: ['Colore', 'Balayage', 'Meches'], productNames: [] as string[] },
  { name: 'Trattamenti', serviceNames: ['Trattamento ristrutturante', 'Trattamento anticaduta', 'Maschera idratante'], productNames: [] },
  {
    name: 'Rivendita',
    serviceNames: [],
    productNames: ['Shampoo Bain Satin 250 ml', 'Olaplex N.3 Hair Perfector 100 ml', 'OI Oil 135 ml'],
  },
  { name: 'Styling', serviceNames: ['Piega lunga', 'Piega con ferro (onde)'], productNames: ["Olio Elixir Ultime L'Huile 100 ml"] },
] as const;

export const MONTH_NAMES_IT = [
  'Gennaio',
  'Febbraio',
  'Marzo',
  'Aprile',
  'Maggio',
  'Giugno',
  'Luglio',
  'Agosto',
  'Settembre',
  'Ottobre',
  'Novembre',
  'Dicembre',
];

/** Check-up KPIs (DESIGN.md §3) with a default target each: per cent, euros or a count per month. */
export const CHECK_UP_KPIS = [
  { kpi: 'averageTicket', target: 65 },
  { kpi: 'retailAttachRate', target: 25 },
  { kpi: 'rebookingRate', target: 55 },
  { kpi: 'newClients', target: 120 },
  { kpi: 'firstVisitRetention', target: 40 },
  { kpi: 'colourPenetration', target: 35 },
  { kpi: 'treatmentPenetration', target: 25 },
  { kpi: 'utilisation', target: 75 },
  { kpi: 'nps', target: 60 },
];
