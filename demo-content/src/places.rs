//! Real cities of each country with their coordinates and postal codes, and how many of the
//! chain's cinemas each holds at scale 1. Cinema names and addresses are invented.

use site::Site;

pub struct Place {
    pub name: &'static str,
    pub slug: &'static str,
    pub postal_code: &'static str,
    /// Latitude, longitude.
    pub position: (f64, f64),
    /// Cinemas in this city at scale 1.
    pub cinemas: usize,
    /// Region key of spec §3 (idf, amsterdam, horsfrance) where one applies.
    pub region: Option<&'static str>,
    /// Districts or landmarks used to name several cinemas of one city.
    pub districts: &'static [&'static str],
}

macro_rules! place {
    ($name:expr, $slug:expr, $pc:expr, $lat:expr, $lon:expr, $n:expr) => {
        Place {
            name: $name,
            slug: $slug,
            postal_code: $pc,
            position: ($lat, $lon),
            cinemas: $n,
            region: None,
            districts: &[],
        }
    };
    ($name:expr, $slug:expr, $pc:expr, $lat:expr, $lon:expr, $n:expr, $region:expr, $districts:expr) => {
        Place {
            name: $name,
            slug: $slug,
            postal_code: $pc,
            position: ($lat, $lon),
            cinemas: $n,
            region: $region,
            districts: $districts,
        }
    };
}

pub fn places(site: Site) -> Vec<Place> {
    match site {
        Site::Fr => vec![
            place!(
                "Paris",
                "paris",
                "75",
                48.8566,
                2.3522,
                12,
                Some("idf"),
                &[
                    "Opéra",
                    "Bastille",
                    "Montparnasse",
                    "Champs-Élysées",
                    "Les Halles",
                    "La Villette",
                    "Bercy",
                    "Batignolles",
                    "Italie",
                    "Wepler",
                    "Beaugrenelle",
                    "Alésia"
                ]
            ),
            place!(
                "Boulogne-Billancourt",
                "boulogne-billancourt",
                "92100",
                48.8397,
                2.2399,
                1,
                Some("idf"),
                &[]
            ),
            place!(
                "Saint-Denis",
                "saint-denis",
                "93200",
                48.9362,
                2.3574,
                1,
                Some("idf"),
                &[]
            ),
            place!(
                "Versailles",
                "versailles",
                "78000",
                48.8049,
                2.1204,
                1,
                Some("idf"),
                &[]
            ),
            place!(
                "Évry-Courcouronnes",
                "evry-courcouronnes",
                "91000",
                48.6294,
                2.4407,
                1,
                Some("idf"),
                &[]
            ),
            place!(
                "Lyon",
                "lyon",
                "69",
                45.7640,
                4.8357,
                4,
                None,
                &["Bellecour", "Part-Dieu", "Confluence", "Vaise"]
            ),
            place!(
                "Marseille",
                "marseille",
                "13",
                43.2965,
                5.3698,
                3,
                None,
                &["Prado", "La Joliette", "Plan de Campagne"]
            ),
            place!(
                "Toulouse",
                "toulouse",
                "31",
                43.6047,
                1.4442,
                3,
                None,
                &["Wilson", "Labège", "Blagnac"]
            ),
            place!(
                "Nice",
                "nice",
                "06",
                43.7102,
                7.2620,
                2,
                None,
                &["Masséna", "Lingostière"]
            ),
            place!(
                "Bordeaux",
                "bordeaux",
                "33000",
                44.8378,
                -0.5792,
                2,
                None,
                &["Centre", "Mérignac"]
            ),
            place!(
                "Lille",
                "lille",
                "59000",
                50.6292,
                3.0573,
                2,
                None,
                &["Grand Place", "Villeneuve-d'Ascq"]
            ),
            place!(
                "Nantes",
                "nantes",
                "44000",
                47.2184,
                -1.5536,
                2,
                None,
                &["Atlantis", "Centre"]
            ),
            place!("Strasbourg", "strasbourg", "67000", 48.5734, 7.7521, 1),
            place!(
                "Montpellier",
                "montpellier",
                "34000",
                43.6108,
                3.8767,
                2,
                None,
                &["Odysseum", "Comédie"]
            ),
            place!("Rennes", "rennes", "35000", 48.1173, -1.6778, 1),
            place!(
                "Grenoble",
                "grenoble",
                "38000",
                45.1885,
                5.7245,
                2,
                None,
                &["Chavant", "Échirolles"]
            ),
            place!("Toulon", "toulon", "83000", 43.1242, 5.9280, 1),
            place!("Dijon", "dijon", "21000", 47.3220, 5.0415, 1),
            place!("Angers", "angers", "49000", 47.4784, -0.5632, 1),
            place!("Reims", "reims", "51100", 49.2583, 4.0317, 1),
            place!("Le Havre", "le-havre", "76600", 49.4944, 0.1079, 1),
            place!(
                "Saint-Étienne",
                "saint-etienne",
                "42000",
                45.4397,
                4.3872,
                1
            ),
            place!("Brest", "brest", "29200", 48.3904, -4.4861, 1),
            place!("Limoges", "limoges", "87000", 45.8336, 1.2611, 1),
            place!("Tours", "tours", "37000", 47.3941, 0.6848, 1),
            place!("Amiens", "amiens", "80000", 49.8941, 2.2958, 1),
            place!("Metz", "metz", "57000", 49.1193, 6.1757, 1),
            place!("Besançon", "besancon", "25000", 47.2378, 6.0241, 1),
            place!("Orléans", "orleans", "45000", 47.9030, 1.9093, 1),
            place!("Rouen", "rouen", "76000", 49.4432, 1.0999, 1),
            place!("Mulhouse", "mulhouse", "68100", 47.7508, 7.3359, 1),
            place!("Caen", "caen", "14000", 49.1829, -0.3707, 1),
            place!("Nancy", "nancy", "54000", 48.6921, 6.1844, 1),
            place!("Avignon", "avignon", "84000", 43.9493, 4.8055, 1),
            place!("Poitiers", "poitiers", "86000", 46.5802, 0.3404, 1),
            place!("La Rochelle", "la-rochelle", "17000", 46.1603, -1.1511, 1),
            place!("Pau", "pau", "64000", 43.2951, -0.3708, 1),
            place!("Annecy", "annecy", "74000", 45.8992, 6.1294, 1),
            place!("Perpignan", "perpignan", "66000", 42.6887, 2.8948, 1),
            place!(
                "Clermont-Ferrand",
                "clermont-ferrand",
                "63000",
                45.7772,
                3.0870,
                1
            ),
            place!("Le Mans", "le-mans", "72000", 48.0061, 0.1996, 1),
            place!(
                "Aix-en-Provence",
                "aix-en-provence",
                "13090",
                43.5297,
                5.4474,
                1
            ),
            place!("Nîmes", "nimes", "30000", 43.8367, 4.3601, 1),
            place!("Valence", "valence", "26000", 44.9334, 4.8924, 1),
            place!("Chambéry", "chambery", "73000", 45.5646, 5.9178, 1),
            place!("Bayonne", "bayonne", "64100", 43.4929, -1.4748, 1),
            place!("Lorient", "lorient", "56100", 47.7483, -3.3700, 1),
            place!("Cannes", "cannes", "06400", 43.5528, 7.0174, 1),
        ],
        Site::Nl => vec![
            place!(
                "Amsterdam",
                "amsterdam",
                "10",
                52.3676,
                4.9041,
                4,
                Some("amsterdam"),
                &["Arena", "City Centre", "De Munt", "Noord"]
            ),
            place!(
                "Rotterdam",
                "rotterdam",
                "30",
                51.9244,
                4.4777,
                3,
                None,
                &["Schouwburgplein", "Kuip", "Alexandrium"]
            ),
            place!(
                "Den Haag",
                "den-haag",
                "25",
                52.0705,
                4.3007,
                3,
                None,
                &["Buitenhof", "Spui", "Scheveningen"]
            ),
            place!(
                "Utrecht",
                "utrecht",
                "35",
                52.0907,
                5.1214,
                2,
                None,
                &["Leidsche Rijn", "Jaarbeurs"]
            ),
            place!("Tilburg", "tilburg", "5038", 51.5555, 5.0913, 1),
            place!("Eindhoven", "eindhoven", "5611", 51.4416, 5.4697, 1),
            place!("Groningen", "groningen", "9711", 53.2194, 6.5665, 1),
            place!("Breda", "breda", "4811", 51.5719, 4.7683, 1),
            place!("Nijmegen", "nijmegen", "6511", 51.8126, 5.8372, 1),
            place!("Arnhem", "arnhem", "6811", 51.9851, 5.8987, 1),
            place!("Haarlem", "haarlem", "2011", 52.3874, 4.6462, 1),
            place!("Zwolle", "zwolle", "8011", 52.5168, 6.0830, 1),
            place!("Leiden", "leiden", "2311", 52.1601, 4.4970, 1),
            place!("Maastricht", "maastricht", "6211", 50.8514, 5.6910, 1),
            place!("Amersfoort", "amersfoort", "3811", 52.1561, 5.3878, 1),
            place!("Delft", "delft", "2611", 52.0116, 4.3571, 1),
            place!("Enschede", "enschede", "7511", 52.2215, 6.8937, 1),
            place!("Apeldoorn", "apeldoorn", "7311", 52.2112, 5.9699, 1),
            place!(
                "'s-Hertogenbosch",
                "s-hertogenbosch",
                "5211",
                51.6978,
                5.3037,
                1
            ),
            place!("Almere", "almere", "1315", 52.3508, 5.2647, 1),
            place!("Zaandam", "zaandam", "1506", 52.4420, 4.8292, 1),
        ],
        Site::Ch => vec![
            place!(
                "Zurich",
                "zurich",
                "8001",
                47.3769,
                8.5417,
                3,
                Some("horsfrance"),
                &["Sihlcity", "Stadelhofen", "Oerlikon"]
            ),
            place!(
                "Genève",
                "geneve",
                "1201",
                46.2044,
                6.1432,
                2,
                Some("horsfrance"),
                &["Rialto", "Balexert"]
            ),
            place!(
                "Lausanne",
                "lausanne",
                "1003",
                46.5197,
                6.6323,
                1,
                Some("horsfrance"),
                &[]
            ),
            place!(
                "Basel",
                "basel",
                "4051",
                47.5596,
                7.5886,
                1,
                Some("horsfrance"),
                &[]
            ),
            place!(
                "Bern",
                "bern",
                "3011",
                46.9480,
                7.4474,
                1,
                Some("horsfrance"),
                &[]
            ),
            place!(
                "Luzern",
                "luzern",
                "6003",
                47.0502,
                8.3093,
                1,
                Some("horsfrance"),
                &[]
            ),
            place!(
                "Fribourg",
                "fribourg",
                "1700",
                46.8065,
                7.1620,
                1,
                Some("horsfrance"),
                &[]
            ),
        ],
        Site::Be => vec![
            place!(
                "Bruxelles",
                "bruxelles",
                "1000",
                50.8503,
                4.3517,
                2,
                Some("horsfrance"),
                &["De Brouckère", "Toison d'Or"]
            ),
            place!(
                "Antwerpen",
                "antwerpen",
                "2000",
                51.2194,
                4.4025,
                1,
                Some("horsfrance"),
                &[]
            ),
            place!(
                "Gent",
                "gent",
                "9000",
                51.0543,
                3.7174,
                1,
                Some("horsfrance"),
                &[]
            ),
            place!(
                "Liège",
                "liege",
                "4000",
                50.6326,
                5.5797,
                1,
                Some("horsfrance"),
                &[]
            ),
            place!(
                "Charleroi",
                "charleroi",
                "6000",
                50.4108,
                4.4446,
                1,
                Some("horsfrance"),
                &[]
            ),
        ],
        Site::Tn => vec![place!(
            "Tunis",
            "tunis",
            "1000",
            36.8065,
            10.1815,
            2,
            Some("horsfrance"),
            &["Lac 2", "Centre-ville"]
        )],
        Site::Sn => vec![place!(
            "Dakar",
            "dakar",
            "10200",
            14.7167,
            -17.4677,
            1,
            Some("horsfrance"),
            &[]
        )],
        Site::Ci => vec![place!(
            "Abidjan",
            "abidjan",
            "01",
            5.3600,
            -4.0083,
            2,
            Some("horsfrance"),
            &["Plateau", "Cocody"]
        )],
        Site::Ma => vec![
            place!(
                "Casablanca",
                "casablanca",
                "20000",
                33.5731,
                -7.5898,
                2,
                Some("horsfrance"),
                &["Anfa", "Maarif"]
            ),
            place!(
                "Marrakech",
                "marrakech",
                "40000",
                31.6295,
                -7.9811,
                1,
                Some("horsfrance"),
                &[]
            ),
        ],
    }
}

/// Street names to build addresses from, per country.
pub fn streets(site: Site) -> &'static [&'static str] {
    match site {
        Site::Nl => &[
            "Kalverstraat",
            "Stationsplein",
            "Markt",
            "Coolsingel",
            "Grote Marktstraat",
            "Oudegracht",
            "Heuvel",
            "Vredenburg",
        ],
        Site::Be => &[
            "Boulevard Anspach",
            "Meir",
            "Korenmarkt",
            "Place Saint-Lambert",
            "Rue de la Montagne",
        ],
        Site::Ch => &[
            "Bahnhofstrasse",
            "Rue du Rhône",
            "Avenue de la Gare",
            "Spitalgasse",
            "Freie Strasse",
        ],
        _ => &[
            "rue de la République",
            "avenue Jean Jaurès",
            "boulevard Victor Hugo",
            "place de la Comédie",
            "rue du Cinéma",
            "quai des Lumières",
            "avenue Foch",
            "rue Nationale",
        ],
    }
}
