//! Localized vocabulary of the demo: every invented text is assembled from these words, so
//! each language reads naturally and the same item says the same thing in every language.

use site::Lang;

/// One text in fr, en, de, nl (the order of `Lang::ALL`).
pub type L = [&'static str; 4];

pub fn tr(lang: Lang, text: &L) -> &'static str {
    text[match lang {
        Lang::Fr => 0,
        Lang::En => 1,
        Lang::De => 2,
        Lang::Nl => 3,
    }]
}

/// Subjects of invented film titles.
pub const TITLE_NOUNS: &[L] = &[
    [
        "Le Phare",
        "The Lighthouse",
        "Der Leuchtturm",
        "De Vuurtoren",
    ],
    [
        "La Traversée",
        "The Crossing",
        "Die Überfahrt",
        "De Overtocht",
    ],
    [
        "Les Oiseaux de papier",
        "Paper Birds",
        "Papiervögel",
        "Papieren Vogels",
    ],
    [
        "Le Dernier Été",
        "The Last Summer",
        "Der letzte Sommer",
        "De Laatste Zomer",
    ],
    [
        "La Maison des horloges",
        "The House of Clocks",
        "Das Haus der Uhren",
        "Het Huis van de Klokken",
    ],
    ["Orbite", "Orbit", "Orbit", "Baan"],
    [
        "Le Voleur de lune",
        "The Moon Thief",
        "Der Monddieb",
        "De Maandief",
    ],
    ["Marée haute", "High Tide", "Flut", "Vloed"],
    [
        "Les Cartographes",
        "The Cartographers",
        "Die Kartografen",
        "De Cartografen",
    ],
    [
        "Silence radio",
        "Radio Silence",
        "Funkstille",
        "Radiostilte",
    ],
    [
        "La Forêt profonde",
        "The Deep Forest",
        "Der tiefe Wald",
        "Het Diepe Woud",
    ],
    [
        "Le Grand Départ",
        "The Big Departure",
        "Der grosse Aufbruch",
        "Het Grote Vertrek",
    ],
    [
        "Nuit blanche",
        "Sleepless Night",
        "Schlaflose Nacht",
        "Slapeloze Nacht",
    ],
    ["Les Renards", "The Foxes", "Die Füchse", "De Vossen"],
    [
        "Ligne de fuite",
        "Vanishing Line",
        "Fluchtlinie",
        "Vluchtlijn",
    ],
    [
        "Le Jardin suspendu",
        "The Hanging Garden",
        "Der hängende Garten",
        "De Hangende Tuin",
    ],
    ["Tempête", "Tempest", "Sturm", "Storm"],
    [
        "La Dernière Séance",
        "The Last Picture",
        "Die letzte Vorstellung",
        "De Laatste Voorstelling",
    ],
    [
        "Les Éclaireurs",
        "The Scouts",
        "Die Kundschafter",
        "De Verkenners",
    ],
    [
        "Cœur de pierre",
        "Heart of Stone",
        "Herz aus Stein",
        "Hart van Steen",
    ],
    ["L'Horizon", "The Horizon", "Der Horizont", "De Horizon"],
    [
        "Le Petit Dragon",
        "The Little Dragon",
        "Der kleine Drache",
        "De Kleine Draak",
    ],
    [
        "Capitaine Comète",
        "Captain Comet",
        "Kapitän Komet",
        "Kapitein Komeet",
    ],
    ["Les Ombres", "The Shadows", "Die Schatten", "De Schaduwen"],
    [
        "Le Funambule",
        "The Tightrope Walker",
        "Der Seiltänzer",
        "De Koorddanser",
    ],
    ["Fréquence", "Frequency", "Frequenz", "Frequentie"],
    [
        "La Cité engloutie",
        "The Sunken City",
        "Die versunkene Stadt",
        "De Verzonken Stad",
    ],
    ["Brise-glace", "Icebreaker", "Eisbrecher", "IJsbreker"],
    [
        "Les Insoumis",
        "The Untamed",
        "Die Unbeugsamen",
        "De Ontembaren",
    ],
    [
        "Le Dernier Train",
        "The Last Train",
        "Der letzte Zug",
        "De Laatste Trein",
    ],
];

/// Complements appended to some titles.
pub const TITLE_COMPLEMENTS: &[L] = &[
    [
        "à minuit",
        "at Midnight",
        "um Mitternacht",
        "om Middernacht",
    ],
    ["du Nord", "of the North", "des Nordens", "van het Noorden"],
    [
        "sous la neige",
        "under the Snow",
        "im Schnee",
        "onder de Sneeuw",
    ],
    [
        ": le retour",
        ": The Return",
        ": Die Rückkehr",
        ": De Terugkeer",
    ],
    ["de Lisbonne", "of Lisbon", "von Lissabon", "van Lissabon"],
    ["en été", "in Summer", "im Sommer", "in de Zomer"],
    [
        "des profondeurs",
        "from the Deep",
        "aus der Tiefe",
        "uit de Diepte",
    ],
    ["et moi", "and Me", "und ich", "en Ik"],
];

pub const EVENT_TITLES: &[L] = &[
    [
        "Opéra : La Traviata en direct",
        "Opera: La Traviata live",
        "Oper: La Traviata live",
        "Opera: La Traviata live",
    ],
    [
        "Ballet : Le Lac des cygnes",
        "Ballet: Swan Lake",
        "Ballett: Schwanensee",
        "Ballet: Het Zwanenmeer",
    ],
    [
        "Concert : Orchestre symphonique",
        "Concert: Symphony Orchestra",
        "Konzert: Sinfonieorchester",
        "Concert: Symfonieorkest",
    ],
    [
        "Opéra : Carmen",
        "Opera: Carmen",
        "Oper: Carmen",
        "Opera: Carmen",
    ],
    [
        "Ballet : Casse-Noisette",
        "Ballet: The Nutcracker",
        "Ballett: Der Nussknacker",
        "Ballet: De Notenkraker",
    ],
    [
        "Finale de la coupe en direct",
        "Cup Final live",
        "Pokalfinale live",
        "Bekerfinale live",
    ],
    [
        "Théâtre : Cyrano",
        "Theatre: Cyrano",
        "Theater: Cyrano",
        "Theater: Cyrano",
    ],
    [
        "Exposition : Les Impressionnistes",
        "Exhibition: The Impressionists",
        "Ausstellung: Die Impressionisten",
        "Tentoonstelling: De Impressionisten",
    ],
    [
        "Marathon de la trilogie",
        "Trilogy Marathon",
        "Trilogie-Marathon",
        "Trilogiemarathon",
    ],
    [
        "Concert : Rock en plein écran",
        "Concert: Rock on the Big Screen",
        "Konzert: Rock auf der Leinwand",
        "Concert: Rock op het Grote Doek",
    ],
];

/// Genre labels; the first column doubles as the genre's identity.
pub const GENRES: &[L] = &[
    ["Action", "Action", "Action", "Actie"],
    ["Aventure", "Adventure", "Abenteuer", "Avontuur"],
    ["Animation", "Animation", "Animation", "Animatie"],
    ["Comédie", "Comedy", "Komödie", "Komedie"],
    [
        "Documentaire",
        "Documentary",
        "Dokumentarfilm",
        "Documentaire",
    ],
    ["Drame", "Drama", "Drama", "Drama"],
    ["Famille", "Family", "Familie", "Familie"],
    ["Fantastique", "Fantasy", "Fantasy", "Fantasy"],
    ["Épouvante", "Horror", "Horror", "Horror"],
    ["Romance", "Romance", "Liebesfilm", "Romantiek"],
    [
        "Science-fiction",
        "Science fiction",
        "Science-Fiction",
        "Sciencefiction",
    ],
    ["Thriller", "Thriller", "Thriller", "Thriller"],
];
pub const EVENT_GENRES: &[L] = &[
    ["Opéra", "Opera", "Oper", "Opera"],
    ["Ballet", "Ballet", "Ballett", "Ballet"],
    ["Concert", "Concert", "Konzert", "Concert"],
    ["Sport", "Sport", "Sport", "Sport"],
];

pub const FIRST_NAMES: &[&str] = &[
    "Camille", "Jonas", "Léa", "Noah", "Inès", "Lucas", "Sofia", "Malik", "Anouk", "Bram", "Elena",
    "Hugo", "Amara", "Finn", "Chloé", "Mateo", "Yasmine", "Lars", "Margot", "Idris", "Nora",
    "Tobias", "Aïcha", "Sem",
];
pub const LAST_NAMES: &[&str] = &[
    "Moreau",
    "de Vries",
    "Keller",
    "Diallo",
    "Janssens",
    "Bernard",
    "Van Dijk",
    "Meier",
    "Ndiaye",
    "Laurent",
    "Bakker",
    "Schneider",
    "Benali",
    "Lefèvre",
    "Peeters",
    "Fontaine",
    "Visser",
    "Huber",
    "Traoré",
    "Rousseau",
];
pub const NATIONALITIES: &[L] = &[
    ["française", "French", "französisch", "Frans"],
    ["américaine", "American", "amerikanisch", "Amerikaans"],
    ["belge", "Belgian", "belgisch", "Belgisch"],
    ["néerlandaise", "Dutch", "niederländisch", "Nederlands"],
    ["britannique", "British", "britisch", "Brits"],
    ["sénégalaise", "Senegalese", "senegalesisch", "Senegalees"],
    ["suisse", "Swiss", "schweizerisch", "Zwitsers"],
];

/// Sentences of synopses: a hero, a trouble, an outcome.
pub const HEROES: &[L] = &[
    [
        "Une jeune cartographe",
        "A young map-maker",
        "Eine junge Kartografin",
        "Een jonge cartograaf",
    ],
    [
        "Un gardien de phare à la retraite",
        "A retired lighthouse keeper",
        "Ein pensionierter Leuchtturmwärter",
        "Een gepensioneerde vuurtorenwachter",
    ],
    [
        "Deux sœurs que tout oppose",
        "Two sisters who share nothing",
        "Zwei grundverschiedene Schwestern",
        "Twee zussen die niets delen",
    ],
    [
        "Un petit dragon maladroit",
        "A clumsy little dragon",
        "Ein ungeschickter kleiner Drache",
        "Een onhandig draakje",
    ],
    [
        "Une équipe de chercheurs",
        "A team of researchers",
        "Ein Forschungsteam",
        "Een team onderzoekers",
    ],
    [
        "Un musicien sans le sou",
        "A penniless musician",
        "Ein mittelloser Musiker",
        "Een straatarme muzikant",
    ],
];
pub const TROUBLES: &[L] = &[
    [
        "découvre un secret enfoui depuis cinquante ans",
        "uncovers a secret buried for fifty years",
        "entdeckt ein seit fünfzig Jahren vergrabenes Geheimnis",
        "ontdekt een geheim dat vijftig jaar begraven lag",
    ],
    [
        "doit traverser le pays en une seule nuit",
        "must cross the country in a single night",
        "muss das Land in einer einzigen Nacht durchqueren",
        "moet het land in één nacht doorkruisen",
    ],
    [
        "se retrouve au cœur d'une tempête",
        "is caught in the heart of a storm",
        "gerät mitten in einen Sturm",
        "belandt midden in een storm",
    ],
    [
        "reçoit une lettre qui change tout",
        "receives a letter that changes everything",
        "erhält einen Brief, der alles verändert",
        "krijgt een brief die alles verandert",
    ],
    [
        "tente de sauver la dernière salle de cinéma de la ville",
        "tries to save the town's last cinema",
        "versucht, das letzte Kino der Stadt zu retten",
        "probeert de laatste bioscoop van de stad te redden",
    ],
];
pub const OUTCOMES: &[L] = &[
    [
        "Une aventure lumineuse, drôle et bouleversante.",
        "A luminous, funny and moving adventure.",
        "Ein leuchtendes, witziges und bewegendes Abenteuer.",
        "Een stralend, grappig en ontroerend avontuur.",
    ],
    [
        "Un thriller haletant jusqu'à la dernière minute.",
        "A breathless thriller to the very last minute.",
        "Ein atemloser Thriller bis zur letzten Minute.",
        "Een ademloze thriller tot de laatste minuut.",
    ],
    [
        "Un conte pour toute la famille.",
        "A tale for the whole family.",
        "Ein Märchen für die ganze Familie.",
        "Een sprookje voor het hele gezin.",
    ],
    [
        "Un portrait sensible d'une amitié improbable.",
        "A tender portrait of an unlikely friendship.",
        "Ein feinfühliges Porträt einer unwahrscheinlichen Freundschaft.",
        "Een gevoelig portret van een onwaarschijnlijke vriendschap.",
    ],
];

pub const CITY_WORD: L = ["Cinémas à", "Cinemas in", "Kinos in", "Bioscopen in"];
