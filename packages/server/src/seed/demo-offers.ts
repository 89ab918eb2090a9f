import { type ContractType, comparablePlaceName, type Locale } from '@rec/core';
import { PLACE_CATALOGUE } from '../modules/places/catalogue';
import type { OpeningStatus, PostingStatus } from '../db/schema';

/**
 * The demo offers: realistic, multilingual, and shaped to exercise the board rules (some titles
 * missing in English, accented first letters that only sort right with a locale collator, a
 * spontaneous offer, closed offers whose channels still exist).
 */

type Place = 'luxembourg' | 'paris' | 'bruxelles' | 'berlin' | 'lisboa' | 'milano' | 'warszawa' | 'hamburg' | 'bremen';

export interface DemoOfferText {
  title: string;
  summary: string;
  tasks: string[];
}

export interface DemoOffer {
  /** Row number shared by the opening, the posting and its board channel (see demo-ids.ts). */
  n: number;
  company: 'lumen' | 'nordwind';
  language: Locale;
  place: Place;
  /** None for the spontaneous application (it has no contract of its own). */
  contract: ContractType | null;
  employmentType: 'FULL_TIME' | 'PART_TIME' | 'INTERN' | 'TEMPORARY';
  publishedAt: string;
  validThrough?: string;
  referenceCode?: string;
  openingStatus?: OpeningStatus;
  postingStatus?: PostingStatus;
  spontaneous?: boolean;
  texts: Partial<Record<Locale, DemoOfferText>>;
}

/** Each demo place's names per language: the place catalogue's (places/catalogue.ts), keyed by the demo's place name. */
export const PLACES = Object.fromEntries(
  PLACE_CATALOGUE.map((place) => [comparablePlaceName(place.locality), place.names] as const),
) as Record<Place, Partial<Record<Locale, string>>>;

/** The heading of the task list, per language. */
export const TASKS_HEADING: Record<Locale, string> = {
  fr: 'Vos missions',
  en: 'What you will do',
  de: 'Ihre Aufgaben',
  lb: 'Är Aufgaben',
  nl: 'Wat ga je doen',
  es: 'Tus funciones',
  it: 'Le tue attività',
  pt: 'As suas funções',
  pl: 'Twoje zadania',
};

/** The closing company paragraph of every description, per company and language. */
export const COMPANY_PITCH: Record<DemoOffer['company'], Partial<Record<Locale, string>>> = {
  lumen: {
    fr: 'Lumen Robotics conçoit des robots collaboratifs pour l’industrie européenne depuis Luxembourg. Nous offrons un cadre de travail flexible, un budget formation annuel et une équipe internationale de 140 personnes.',
    en: 'Lumen Robotics designs collaborative robots for European industry from Luxembourg. We offer flexible working, a yearly training budget and an international team of 140 people.',
    de: 'Lumen Robotics entwickelt von Luxemburg aus kollaborative Roboter für die europäische Industrie. Wir bieten flexible Arbeitszeiten, ein jährliches Weiterbildungsbudget und ein internationales Team von 140 Menschen.',
    lb: 'Lumen Robotics entwéckelt vu Lëtzebuerg aus kollaborativ Roboter fir d’europäesch Industrie. Mir bidden flexibel Aarbechtszäiten, e Budget fir Formatiounen an en internationalt Team vu 140 Leit.',
    nl: 'Lumen Robotics ontwerpt vanuit Luxemburg collaboratieve robots voor de Europese industrie. Wij bieden flexibel werken, een jaarlijks opleidingsbudget en een internationaal team van 140 mensen.',
    es: 'Lumen Robotics diseña robots colaborativos para la industria europea desde Luxemburgo. Ofrecemos flexibilidad, un presupuesto anual de formación y un equipo internacional de 140 personas.',
    it: 'Lumen Robotics progetta robot collaborativi per l’industria europea dal Lussemburgo. Offriamo lavoro flessibile, un budget annuale per la formazione e un team internazionale di 140 persone.',
    pt: 'A Lumen Robotics concebe robôs colaborativos para a indústria europeia a partir do Luxemburgo. Oferecemos horários flexíveis, um orçamento anual de formação e uma equipa internacional de 140 pessoas.',
    pl: 'Lumen Robotics projektuje z Luksemburga roboty współpracujące dla europejskiego przemysłu. Oferujemy elastyczną pracę, roczny budżet szkoleniowy i międzynarodowy zespół 140 osób.',
  },
  nordwind: {
    de: 'Nordwind Logistik bewegt seit 1987 Waren zwischen den Häfen Hamburg und Bremen und ganz Europa. Bei uns erwarten Sie Tarifbezahlung, moderne Fahrzeuge und ein familiäres Team.',
    en: 'Nordwind Logistik has moved goods between the ports of Hamburg and Bremen and the rest of Europe since 1987. Expect collective-agreement pay, modern vehicles and a close-knit team.',
  },
};

export const DEMO_OFFERS: DemoOffer[] = [
  {
    n: 0x01,
    company: 'lumen',
    language: 'fr',
    place: 'luxembourg',
    contract: 'permanent',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-10-01T08:00:00Z',
    referenceCode: 'LR-ENG-014',
    texts: {
      fr: {
        title: 'Ingénieur·e logiciel embarqué (C++/ROS)',
        summary: 'Vous rejoignez l’équipe contrôle-commande qui écrit le logiciel temps réel de nos bras robotisés.',
        tasks: ['Développer les pilotes moteurs et capteurs en C++20', 'Intégrer nos briques ROS 2 et leurs tests sur banc', 'Relire le code de vos collègues et améliorer notre CI'],
      },
      en: {
        title: 'Embedded Software Engineer (C++/ROS)',
        summary: 'You join the motion-control team that writes the real-time software of our robotic arms.',
        tasks: ['Develop motor and sensor drivers in C++20', 'Integrate our ROS 2 components and their bench tests', 'Review your colleagues’ code and improve our CI'],
      },
      de: {
        title: 'Embedded-Softwareentwickler:in (C++/ROS)',
        summary: 'Sie verstärken das Motion-Control-Team, das die Echtzeitsoftware unserer Roboterarme schreibt.',
        tasks: ['Motor- und Sensortreiber in C++20 entwickeln', 'ROS-2-Komponenten und ihre Prüfstandstests integrieren', 'Code-Reviews durchführen und unsere CI verbessern'],
      },
    },
  },
  {
    n: 0x02,
    company: 'lumen',
    language: 'fr',
    place: 'paris',
    contract: 'permanent',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-10-03T08:00:00Z',
    texts: {
      fr: {
        title: 'Technicien·ne de maintenance robotique',
        summary: 'Sur les sites de nos clients en Île-de-France, vous gardez nos robots en service et formez les opérateurs.',
        tasks: ['Assurer la maintenance préventive et curative', 'Diagnostiquer les pannes mécaniques et électriques', 'Former les équipes clientes aux bonnes pratiques'],
      },
      en: {
        title: 'Robotics Maintenance Technician',
        summary: 'At our customers’ sites around Paris, you keep our robots running and train their operators.',
        tasks: ['Carry out preventive and corrective maintenance', 'Diagnose mechanical and electrical faults', 'Train customer teams in good practice'],
      },
    },
  },
  {
    n: 0x03,
    company: 'lumen',
    language: 'fr',
    place: 'bruxelles',
    contract: 'permanent',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-10-05T08:00:00Z',
    texts: {
      fr: {
        title: 'Chef·fe de projet industrialisation',
        summary: 'Vous amenez nos nouveaux modèles du prototype à la série avec nos partenaires de production belges.',
        tasks: ['Piloter le planning et le budget d’industrialisation', 'Coordonner bureau d’études, achats et qualité', 'Valider les premières séries avec les sous-traitants'],
      },
      en: {
        title: 'Industrialisation Project Manager',
        summary: 'You take our new models from prototype to series production with our Belgian manufacturing partners.',
        tasks: ['Own the industrialisation schedule and budget', 'Coordinate engineering, purchasing and quality', 'Approve first production runs with subcontractors'],
      },
      nl: {
        title: 'Projectleider industrialisatie',
        summary: 'Je brengt onze nieuwe modellen van prototype naar serieproductie met onze Belgische productiepartners.',
        tasks: ['Planning en budget van de industrialisatie bewaken', 'Engineering, aankoop en kwaliteit coördineren', 'De eerste series met onderaannemers vrijgeven'],
      },
      de: {
        title: 'Projektleiter:in Industrialisierung',
        summary: 'Sie führen unsere neuen Modelle mit belgischen Fertigungspartnern vom Prototyp in die Serie.',
        tasks: ['Zeitplan und Budget der Industrialisierung verantworten', 'Konstruktion, Einkauf und Qualität koordinieren', 'Erste Serien mit Zulieferern freigeben'],
      },
    },
  },
  {
    n: 0x04,
    company: 'lumen',
    language: 'fr',
    place: 'luxembourg',
    contract: 'fixed-term',
    employmentType: 'TEMPORARY',
    publishedAt: '2026-10-07T08:00:00Z',
    validThrough: '2027-01-31T23:59:59Z',
    texts: {
      fr: {
        title: 'Data scientist vision par ordinateur (CDD 18 mois)',
        summary: 'Vous entraînez les modèles qui permettent à nos robots de reconnaître et saisir des pièces en vrac.',
        tasks: ['Constituer et annoter des jeux de données d’images', 'Entraîner et évaluer des modèles de détection', 'Déployer les modèles sur nos calculateurs embarqués'],
      },
      en: {
        title: 'Computer Vision Data Scientist (18-month contract)',
        summary: 'You train the models that let our robots recognise and pick parts from a bin.',
        tasks: ['Build and label image datasets', 'Train and evaluate detection models', 'Deploy models to our embedded computers'],
      },
      de: {
        title: 'Data Scientist Computer Vision (befristet, 18 Monate)',
        summary: 'Sie trainieren die Modelle, mit denen unsere Roboter Schüttgut erkennen und greifen.',
        tasks: ['Bilddatensätze aufbauen und annotieren', 'Erkennungsmodelle trainieren und bewerten', 'Modelle auf unseren Embedded-Rechnern ausrollen'],
      },
      lb: {
        title: 'Data Scientist Computer Vision (befristte Kontrakt, 18 Méint)',
        summary: 'Dir trainéiert d’Modeller, mat deenen eis Roboter Deeler erkennen a gräifen.',
        tasks: ['Biller-Datesätz opbauen an annotéieren', 'Erkennungsmodeller trainéieren an evaluéieren', 'Modeller op eise Recheneenheeten installéieren'],
      },
    },
  },
  {
    n: 0x05,
    company: 'lumen',
    language: 'fr',
    place: 'luxembourg',
    contract: 'internship',
    employmentType: 'INTERN',
    publishedAt: '2026-10-09T08:00:00Z',
    validThrough: '2027-03-31T23:59:59Z',
    texts: {
      fr: {
        title: 'Stage – Assistant·e marketing produit',
        summary: 'Six mois pour préparer le lancement de notre nouveau cobot avec l’équipe marketing.',
        tasks: ['Rédiger fiches produit et études de cas clients', 'Préparer nos salons professionnels de printemps', 'Analyser les retours des distributeurs'],
      },
      en: {
        title: 'Internship – Product Marketing Assistant',
        summary: 'Six months preparing the launch of our new cobot with the marketing team.',
        tasks: ['Write product sheets and customer case studies', 'Prepare our spring trade fairs', 'Analyse feedback from distributors'],
      },
      de: {
        title: 'Praktikum – Assistenz Produktmarketing',
        summary: 'Sechs Monate, in denen Sie mit dem Marketingteam den Marktstart unseres neuen Cobots vorbereiten.',
        tasks: ['Produktblätter und Fallstudien schreiben', 'Unsere Frühjahrsmessen vorbereiten', 'Rückmeldungen der Händler auswerten'],
      },
      lb: {
        title: 'Stage – Assistent:in Produktmarketing',
        summary: 'Sechs Méint, fir mam Marketing-Team de Start vun eisem neie Cobot virzebereeden.',
        tasks: ['Produitsfichen a Fallstudien schreiwen', 'Eis Fréijoersfoiren virbereeden', 'D’Feedback vun den Händler auswäerten'],
      },
    },
  },
  {
    // No English title: English pages fall back to the posting's own language (French).
    n: 0x06,
    company: 'lumen',
    language: 'fr',
    place: 'berlin',
    contract: 'permanent',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-10-11T08:00:00Z',
    texts: {
      fr: {
        title: 'Responsable des achats électroniques',
        summary: 'Depuis Berlin, vous sécurisez l’approvisionnement en composants électroniques de nos trois usines.',
        tasks: ['Négocier les contrats cadres avec nos fournisseurs', 'Anticiper les pénuries et qualifier des alternatives', 'Suivre les coûts et les délais de livraison'],
      },
      de: {
        title: 'Einkaufsleiter:in Elektronik',
        summary: 'Von Berlin aus sichern Sie die Versorgung unserer drei Werke mit elektronischen Bauteilen.',
        tasks: ['Rahmenverträge mit Lieferanten verhandeln', 'Engpässe früh erkennen und Alternativen qualifizieren', 'Kosten und Liefertermine überwachen'],
      },
    },
  },
  {
    n: 0x07,
    company: 'lumen',
    language: 'fr',
    place: 'lisboa',
    contract: 'permanent',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-10-13T08:00:00Z',
    texts: {
      fr: {
        title: 'Développeur·se full-stack TypeScript',
        summary: 'Dans notre hub de Lisbonne, vous construisez la plateforme web qui pilote notre flotte de robots.',
        tasks: ['Développer des interfaces React et des API Node.js', 'Concevoir des schémas PostgreSQL fiables', 'Mesurer et améliorer les performances'],
      },
      en: {
        title: 'Full-stack TypeScript Developer',
        summary: 'In our Lisbon hub, you build the web platform that runs our robot fleet.',
        tasks: ['Build React interfaces and Node.js APIs', 'Design reliable PostgreSQL schemas', 'Measure and improve performance'],
      },
      pt: {
        title: 'Programador(a) full-stack TypeScript',
        summary: 'No nosso hub de Lisboa, constrói a plataforma web que gere a nossa frota de robôs.',
        tasks: ['Desenvolver interfaces React e APIs Node.js', 'Conceber esquemas PostgreSQL fiáveis', 'Medir e melhorar o desempenho'],
      },
    },
  },
  {
    // No English title either, and Luxembourgish instead.
    n: 0x08,
    company: 'lumen',
    language: 'fr',
    place: 'luxembourg',
    contract: 'fixed-term',
    employmentType: 'TEMPORARY',
    publishedAt: '2026-10-15T08:00:00Z',
    texts: {
      fr: {
        title: 'Opérateur·rice d’assemblage',
        summary: 'En équipe de jour, vous assemblez et testez nos bras robotisés dans notre atelier de Foetz.',
        tasks: ['Assembler les sous-ensembles mécaniques', 'Réaliser les tests de fin de ligne', 'Signaler les non-conformités'],
      },
      de: {
        title: 'Montagemitarbeiter:in',
        summary: 'Im Tagdienst montieren und prüfen Sie unsere Roboterarme in unserer Werkstatt in Foetz.',
        tasks: ['Mechanische Baugruppen montieren', 'Endprüfungen durchführen', 'Abweichungen melden'],
      },
      lb: {
        title: 'Montage-Mataarbechter:in',
        summary: 'Am Dagesdéngscht montéiert a test Dir eis Roboterarmen an eisem Atelier zu Féiz.',
        tasks: ['Mechanesch Deeler montéieren', 'D’Schlusstester maachen', 'Feeler mellen'],
      },
    },
  },
  {
    n: 0x09,
    company: 'lumen',
    language: 'fr',
    place: 'bruxelles',
    contract: 'permanent',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-10-17T08:00:00Z',
    texts: {
      fr: {
        title: 'Ingénieur·e qualité fournisseurs',
        summary: 'Vous garantissez la qualité des pièces livrées par nos fournisseurs du Benelux.',
        tasks: ['Auditer les fournisseurs et suivre leurs plans d’action', 'Piloter les réclamations et analyses 8D', 'Définir les plans de contrôle à réception'],
      },
      en: {
        title: 'Supplier Quality Engineer',
        summary: 'You make sure the parts delivered by our Benelux suppliers meet our standards.',
        tasks: ['Audit suppliers and follow up their action plans', 'Drive claims and 8D analyses', 'Define incoming inspection plans'],
      },
      nl: {
        title: 'Kwaliteitsingenieur leveranciers',
        summary: 'Je waakt over de kwaliteit van de onderdelen van onze leveranciers in de Benelux.',
        tasks: ['Leveranciers auditen en actieplannen opvolgen', 'Klachten en 8D-analyses leiden', 'Ingangscontroleplannen opstellen'],
      },
      de: {
        title: 'Lieferantenqualitätsingenieur:in',
        summary: 'Sie sichern die Qualität der Teile unserer Lieferanten aus dem Benelux-Raum.',
        tasks: ['Lieferanten auditieren und Maßnahmen verfolgen', 'Reklamationen und 8D-Analysen steuern', 'Wareneingangsprüfpläne festlegen'],
      },
    },
  },
  {
    n: 0x0a,
    company: 'lumen',
    language: 'fr',
    place: 'milano',
    contract: 'permanent',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-10-19T08:00:00Z',
    texts: {
      fr: {
        title: 'Commercial·e grands comptes Italie',
        summary: 'Vous développez nos ventes auprès des grands industriels du nord de l’Italie.',
        tasks: ['Prospecter et suivre les comptes stratégiques', 'Construire les offres avec l’avant-vente', 'Représenter Lumen sur les salons italiens'],
      },
      en: {
        title: 'Key Account Manager Italy',
        summary: 'You grow our sales with the major manufacturers of northern Italy.',
        tasks: ['Win and manage strategic accounts', 'Build proposals with the pre-sales team', 'Represent Lumen at Italian trade fairs'],
      },
      it: {
        title: 'Key account manager Italia',
        summary: 'Sviluppi le nostre vendite presso i grandi gruppi industriali del Nord Italia.',
        tasks: ['Acquisire e seguire i clienti strategici', 'Costruire le offerte con il team di prevendita', 'Rappresentare Lumen alle fiere italiane'],
      },
    },
  },
  {
    n: 0x0b,
    company: 'lumen',
    language: 'fr',
    place: 'warszawa',
    contract: 'permanent',
    employmentType: 'PART_TIME',
    publishedAt: '2026-10-21T08:00:00Z',
    texts: {
      fr: {
        title: 'Spécialiste support client (polonais)',
        summary: 'À temps partiel, vous accompagnez nos clients polonais par téléphone et par e-mail.',
        tasks: ['Répondre aux demandes techniques de premier niveau', 'Documenter les solutions dans notre base de connaissances', 'Remonter les incidents récurrents aux équipes produit'],
      },
      en: {
        title: 'Customer Support Specialist (Polish)',
        summary: 'Part-time, you help our Polish customers by phone and e-mail.',
        tasks: ['Answer first-level technical requests', 'Document solutions in our knowledge base', 'Escalate recurring issues to the product teams'],
      },
      pl: {
        title: 'Specjalista ds. obsługi klienta (język polski)',
        summary: 'W niepełnym wymiarze godzin wspierasz naszych polskich klientów telefonicznie i mailowo.',
        tasks: ['Odpowiadanie na zgłoszenia techniczne pierwszej linii', 'Dokumentowanie rozwiązań w bazie wiedzy', 'Przekazywanie powtarzających się problemów zespołom produktowym'],
      },
    },
  },
  {
    n: 0x0c,
    company: 'lumen',
    language: 'fr',
    place: 'berlin',
    contract: 'permanent',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-10-23T08:00:00Z',
    texts: {
      fr: {
        title: 'Électronicien·ne de puissance',
        summary: 'Vous concevez les variateurs qui alimentent les moteurs de nos prochains robots.',
        tasks: ['Concevoir et simuler des convertisseurs de puissance', 'Router les cartes avec l’équipe CAO', 'Qualifier les prototypes en CEM et en thermique'],
      },
      en: {
        title: 'Power Electronics Engineer',
        summary: 'You design the drives that power the motors of our next robots.',
        tasks: ['Design and simulate power converters', 'Lay out boards with the CAD team', 'Qualify prototypes for EMC and thermal behaviour'],
      },
      de: {
        title: 'Leistungselektroniker:in',
        summary: 'Sie entwickeln die Umrichter, die die Motoren unserer nächsten Roboter antreiben.',
        tasks: ['Leistungswandler entwerfen und simulieren', 'Leiterplatten mit dem CAD-Team entflechten', 'Prototypen auf EMV und Thermik qualifizieren'],
      },
    },
  },
  {
    n: 0x0d,
    company: 'lumen',
    language: 'fr',
    place: 'luxembourg',
    contract: 'internship',
    employmentType: 'INTERN',
    publishedAt: '2026-10-25T08:00:00Z',
    texts: {
      fr: {
        title: 'Stage – Ingénieur·e R&D mécatronique',
        summary: 'Un stage de fin d’études pour prototyper un nouveau préhenseur adaptatif.',
        tasks: ['Concevoir le préhenseur en CAO', 'Programmer sa commande sur microcontrôleur', 'Mesurer ses performances sur banc'],
      },
      en: {
        title: 'Internship – Mechatronics R&D Engineer',
        summary: 'A final-year internship to prototype a new adaptive gripper.',
        tasks: ['Design the gripper in CAD', 'Program its microcontroller control loop', 'Measure its performance on a test bench'],
      },
      es: {
        title: 'Prácticas – Ingeniero/a de I+D en mecatrónica',
        summary: 'Unas prácticas de fin de carrera para prototipar una nueva pinza adaptativa.',
        tasks: ['Diseñar la pinza en CAD', 'Programar su control en un microcontrolador', 'Medir su rendimiento en banco de pruebas'],
      },
      de: {
        title: 'Praktikum – F&E-Ingenieur:in Mechatronik',
        summary: 'Ein Abschlusspraktikum, in dem Sie einen neuen adaptiven Greifer prototypisieren.',
        tasks: ['Den Greifer im CAD konstruieren', 'Seine Steuerung auf einem Mikrocontroller programmieren', 'Seine Leistung am Prüfstand messen'],
      },
    },
  },
  {
    // French only: every language falls back to French.
    n: 0x0e,
    company: 'lumen',
    language: 'fr',
    place: 'luxembourg',
    contract: 'apprenticeship',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-10-27T08:00:00Z',
    texts: {
      fr: {
        title: 'Alternance – Chargé·e de recrutement',
        summary: 'Deux ans en alternance au sein de l’équipe RH pour accompagner notre croissance.',
        tasks: ['Publier nos offres et trier les candidatures', 'Organiser les entretiens avec les managers', 'Préparer l’accueil des nouveaux arrivants'],
      },
    },
  },

  // The spontaneous application offer: reached only through the board's SPONTANEOUS channel.
  {
    n: 0x50,
    company: 'lumen',
    language: 'fr',
    place: 'luxembourg',
    contract: null,
    employmentType: 'FULL_TIME',
    publishedAt: '2026-09-01T08:00:00Z',
    spontaneous: true,
    texts: {
      fr: {
        title: 'Candidature spontanée',
        summary: 'Vous ne trouvez pas l’offre qui vous correspond ? Présentez-vous, nous lisons chaque candidature.',
        tasks: ['Décrivez le métier qui vous intéresse', 'Indiquez le site où vous souhaitez travailler', 'Joignez votre CV'],
      },
      en: {
        title: 'Spontaneous application',
        summary: 'No offer that fits you? Introduce yourself: we read every application.',
        tasks: ['Tell us which job interests you', 'Say where you would like to work', 'Attach your CV'],
      },
      de: {
        title: 'Initiativbewerbung',
        summary: 'Keine passende Stelle dabei? Stellen Sie sich vor, wir lesen jede Bewerbung.',
        tasks: ['Beschreiben Sie, welche Tätigkeit Sie interessiert', 'Nennen Sie Ihren Wunschstandort', 'Fügen Sie Ihren Lebenslauf bei'],
      },
      nl: {
        title: 'Open sollicitatie',
        summary: 'Geen vacature die bij je past? Stel je voor, we lezen elke sollicitatie.',
        tasks: ['Vertel welke functie je interesseert', 'Geef aan waar je wilt werken', 'Voeg je cv toe'],
      },
      es: {
        title: 'Candidatura espontánea',
        summary: '¿No encuentras la oferta adecuada? Preséntate: leemos todas las candidaturas.',
        tasks: ['Cuéntanos qué puesto te interesa', 'Indica dónde te gustaría trabajar', 'Adjunta tu CV'],
      },
    },
  },

  // Closed offers whose board channels still exist: listed nowhere, 410 through their channel.
  {
    n: 0x51,
    company: 'lumen',
    language: 'fr',
    place: 'paris',
    contract: 'permanent',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-06-01T08:00:00Z',
    openingStatus: 'ARCHIVED',
    texts: {
      fr: {
        title: 'Magasinier·ère cariste',
        summary: 'Poste pourvu.',
        tasks: ['Réceptionner les marchandises', 'Préparer les expéditions', 'Tenir les stocks à jour'],
      },
      en: { title: 'Warehouse Operative', summary: 'Position filled.', tasks: ['Receive goods', 'Prepare shipments', 'Keep stock records up to date'] },
    },
  },
  {
    n: 0x52,
    company: 'lumen',
    language: 'fr',
    place: 'luxembourg',
    contract: 'fixed-term',
    employmentType: 'TEMPORARY',
    publishedAt: '2026-07-01T08:00:00Z',
    postingStatus: 'CLOSED',
    texts: {
      fr: { title: 'Soudeur·se TIG', summary: 'Annonce close.', tasks: ['Souder des châssis en acier inoxydable', 'Contrôler les cordons', 'Entretenir le poste'] },
    },
  },

  // Nordwind Logistik, the second tenant.
  {
    n: 0x101,
    company: 'nordwind',
    language: 'de',
    place: 'hamburg',
    contract: 'permanent',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-10-02T07:00:00Z',
    texts: {
      de: {
        title: 'Berufskraftfahrer:in CE im Nahverkehr',
        summary: 'Sie beliefern unsere Kunden im Großraum Hamburg und sind abends zu Hause.',
        tasks: ['Touren im Nahverkehr sicher fahren', 'Be- und Entladung überwachen', 'Lieferpapiere digital erfassen'],
      },
    },
  },
  {
    n: 0x102,
    company: 'nordwind',
    language: 'de',
    place: 'bremen',
    contract: 'permanent',
    employmentType: 'FULL_TIME',
    publishedAt: '2026-10-04T07:00:00Z',
    texts: {
      de: {
        title: 'Fachkraft für Lagerlogistik',
        summary: 'In unserem Hafenlager in Bremen sorgen Sie für einen reibungslosen Warenfluss.',
        tasks: ['Wareneingang prüfen und einlagern', 'Kommissionieren und verladen', 'Bestände im Lagerverwaltungssystem pflegen'],
      },
      en: {
        title: 'Warehouse Logistics Specialist',
        summary: 'In our port warehouse in Bremen, you keep goods flowing smoothly.',
        tasks: ['Check and store incoming goods', 'Pick and load orders', 'Maintain stock in the warehouse system'],
      },
    },
  },
  {
    n: 0x103,
    company: 'nordwind',
    language: 'de',
    place: 'hamburg',
    contract: 'fixed-term',
    employmentType: 'TEMPORARY',
    publishedAt: '2026-10-06T07:00:00Z',
    texts: {
      de: {
        title: 'Disponent:in Nahverkehr (befristet)',
        summary: 'Sie planen die Touren unserer 40 Fahrzeuge als Elternzeitvertretung.',
        tasks: ['Touren planen und optimieren', 'Fahrer:innen einsetzen und betreuen', 'Mit Kunden Liefertermine abstimmen'],
      },
    },
  },
];

/** Simple HTML, as the sanitiser of the (future) posting editor would store it. */
export function demoDescription(offer: DemoOffer, language: Locale, text: DemoOfferText): string {
  const items = text.tasks.map((task) => `<li>${task}</li>`).join('');
  const pitch = COMPANY_PITCH[offer.company][language] ?? COMPANY_PITCH[offer.company].en ?? '';
  // A spontaneous application has no tasks of a job: what to send, without "What you will do".
  if (offer.spontaneous) return `<p>${text.summary}</p><ul>${items}</ul><p>${pitch}</p>`;
  return `<p>${text.summary}</p><p><strong>${TASKS_HEADING[language]}</strong></p><ul>${items}</ul><p>${pitch}</p>`;
}
