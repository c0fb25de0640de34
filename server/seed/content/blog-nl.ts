/** The demo shop's blog in Dutch (the nl and be store views). */
import type { BlogLanguage } from './blog-types'

export const dutchBlog: BlogLanguage = (c) => ({
  headings: { service: 'Klantenservice', about: 'Over Polder', legal: 'Juridisch' },
  categories: {
    cycling: {
      title: 'Fietsen',
      description: 'Naar het werk, naar school en de polder in: uitrusting, onderhoud en routes voor elk seizoen.',
      meta_description: 'Fietstips van Polder: regenkleding, verlichting, onderhoud en de mooiste routes in Nederland en België.',
    },
    food: {
      title: 'Eten en recepten',
      description: 'Wat we koken en eten in de Lage Landen, van stamppot in de winter tot een goed puntzak friet.',
      meta_description: 'Nederlandse en Belgische recepten en verhalen over eten van Polder: kaas, stroopwafels, speculoos en meer.',
    },
    home: {
      title: 'Wonen en design',
      description: 'Eenvoudig, handig en gemaakt om lang mee te gaan: ideeën voor een huis dat als het jouwe voelt.',
      meta_description: 'Ideeën voor wonen en design van Polder: Dutch design, Delfts blauw, leeshoeken en gezellige winteravonden.',
    },
    'low-countries': {
      title: 'Leven in de Lage Landen',
      description: 'Feesten, steden en gewoontes van België en Nederland, zoals wij ze beleven.',
      meta_description: 'Verhalen over het leven in België en Nederland: Koningsdag, Sinterklaas, carnaval, Gent en Utrecht.',
    },
  },
  posts: {
    stamppot: {
      title: 'Stamppot voor koude januariavonden',
      short: 'Aardappelen gestampt met boerenkool en een rookworst erbij: het wintergerecht dat het hele huis verwarmt.',
      body: [
        'Als de wind over de polder jaagt, staat in Nederlandse keukens de stamppot op het vuur: aardappelen gestampt met een groente. Boerenkool is de bekendste, maar ook hutspot met wortel en ui heeft trouwe liefhebbers.',
        '## Zo maken wij het',
        'Kook kruimige aardappelen met de fijngesneden boerenkool erbovenop, giet af en stamp fijn met een klontje boter en een scheut warme melk. Breng op smaak met zout, peper en een beetje mosterd. Verwarm de rookworst in water dat net niet kookt en snijd hem in plakken.',
        'Maak in elke portie een kuiltje voor de jus, zoals kinderen dat graag doen. Serveer in diepe borden, en wie van wat pit houdt, neemt er een lepel piccalilly bij.',
      ],
      author: 'Marieke de Boer',
    },
    carnival: {
      title: 'Carnaval onder de grote rivieren',
      short: 'In februari verkleden het zuiden van Nederland en een groot deel van België zich, en wordt er drie dagen gezongen en gefeest.',
      body: [
        'Boven de Rijn en de Maas is februari gewoon februari. Eronder, in Limburg en Noord-Brabant, krijgen steden een carnavalsnaam, geeft de burgemeester de sleutel aan Prins Carnaval en vullen de straten zich met dweilorkesten.',
        'België heeft zijn eigen beroemde stoeten: Aalst met zijn spotzieke praalwagens, en Binche, waar de Gilles met hun wassen maskers en manden sinaasappels door de stad dansen. Het carnaval van Binche staat op de UNESCO-lijst van immaterieel erfgoed.',
        'Ga je voor het eerst? Trek laagjes aan onder je pak, neem een beker mee die in je zak past en leer het refrein van één plaatselijk lied. Niemand vindt het erg als je vals zingt.',
      ],
      author: 'Thomas Peeters',
    },
    'rain-gear': {
      title: 'Droog naar je werk op de fiets',
      short: 'Het regent hier ongeveer om de dag. Met de juiste kleding is dat geen reden om de fiets te laten staan.',
      body: [
        'Regen in de Lage Landen valt zelden lang, maar wel vaak en meestal van opzij. Begin met een goede regenjas: een capuchon die met je hoofd meedraait, lange mouwen en een rug die je bedekt als je voorover leunt.',
        '## Drie dingen die het verschil maken',
        'Een regenbroek die over je schoenen past, zodat je met droge knieën aankomt. Spatborden op beide wielen, tegen de natte streep op je rug. En een tas met een oprolsluiting, zodat je laptop net zo droog blijft als jij.',
        'Hang alles op je werk te drogen in plaats van het nat op te vouwen, en impregneer de jas één keer per seizoen. Onze regenjassen worden elke dag getest langs de Utrechtse grachten.',
      ],
      author: 'Marieke de Boer',
    },
    'bike-check': {
      title: 'Vijf minuten fietscheck voor de lente',
      short: 'Banden, remmen, ketting en licht: een snelle controle na de winter bespaart je later een wandeling naar huis.',
      body: [
        'Strooizout en natte wegen zijn zwaar voor een fiets. Neem voor de eerste lange rit van de lente vijf minuten en een doek.',
        'Knijp in de banden: gaan ze met je duim makkelijk in, pomp ze dan op tot de druk die op de zijkant staat. Knijp beide remmen in en duw de fiets naar voren; hij mag niet rollen. Kijk of de remblokjes nog groeven hebben.',
        'Veeg de ketting schoon, geef elke schakel een druppel olie en veeg het overschot weg. Doe tot slot het licht aan. Alles wat rammelt, piept of slipt is werk voor de fietsenmaker, en dat liever in maart dan in een stortbui in mei.',
      ],
      author: 'Thomas Peeters',
    },
    'balcony-garden': {
      title: 'Tulpen en kruiden op een klein balkon',
      short: 'Voor kleur in de lente heb je geen tuin nodig: een paar potten en een zonnige balustrade zijn genoeg.',
      body: [
        'Tulpenbollen die je in de herfst plant, bloeien in april, en een diepe pot op het balkon werkt net zo goed als een border. Vergeten te planten? Tuincentra verkopen ze nu in knop; zet er drie of vijf bij elkaar voor een vol effect.',
        'Kruiden zijn de andere makkelijke keuze. Bieslook, tijm en munt komen elk jaar terug, en basilicum groeit vanaf mei graag op een warme vensterbank. Zet munt in een eigen pot: die neemt anders alles over.',
        'Geef ’s ochtends water in plaats van ’s avonds, en zet een schotel onder elke pot, dan blijven de benedenburen je vrienden.',
      ],
      author: 'Sophie Lambert',
    },
    'kings-day': {
      title: 'Koningsdag: het hele land kleurt oranje',
      short: 'Op 27 april viert Nederland de verjaardag van de koning, met de grootste vrijmarkt ter wereld.',
      body: [
        'Op Koningsdag draagt Nederland oranje, de kleur van het Huis Oranje-Nassau. Straten, grachten en parken lopen vol met mensen, muziek en een vrijmarkt waar iedereen alles mag verkopen.',
        'Kinderen leggen de avond ervoor al een kleedje neer voor een goede plek en verkopen hun oude speelgoed voor een paar munten. In Amsterdam liggen de grachten vol boten; in Utrecht is de avond ervoor, Koningsnacht, het grote feest.',
        'Ga je erheen, neem dan contant geld mee voor de markt, iets oranjes om aan te trekken en geduld: treinen en wegen zijn de hele dag druk. Valt 27 april op een zondag, dan schuift het feest naar de zaterdag ervoor.',
      ],
      author: 'Marieke de Boer',
    },
    'cycle-junctions': {
      title: 'De weg vinden met fietsknooppunten',
      short: 'Met het knooppuntennetwerk plan je een dagje fietsen met niet meer dan een rijtje getallen.',
      body: [
        'Overal in Vlaanderen en Nederland staan groen-witte bordjes met nummers. Elk nummer is een knooppunt van het fietsnetwerk, en de bordjes wijzen je naar de volgende. Het idee ontstond in Belgisch-Limburg en verspreidde zich over beide landen.',
        'Kies voor je rit de knooppunten op een kaart of in een app en schrijf ze op: 12, 45, 7, 31. Onderweg volg je gewoon de bordjes naar het volgende nummer. Geen kaart op je stuur, geen scherm in de regen.',
        'Een tocht van veertig tot zestig kilometer is met pauzes een fijne dag. Neem een slot, een bidon en een klein reparatiesetje mee, en kijk welk dorp halverwege een café heeft.',
      ],
      author: 'Thomas Peeters',
    },
    fries: {
      title: 'Frieten op z’n Belgisch',
      short: 'Belgen bakken hun frieten twee keer en eten ze uit een papieren puntzak. Zo werkt het.',
      body: [
        'Een Belgisch frietkot serveert frieten die buiten krokant en binnen zacht zijn, en het geheim is twee keer bakken. De eerste keer op lagere temperatuur gaart de aardappel; de tweede keer, heter, geeft het goudbruine korstje.',
        '## Thuis',
        'Snijd kruimige aardappelen in staafjes van ongeveer een centimeter dik en spoel het zetmeel eraf. Dep ze goed droog, bak ze zes minuten op 150 °C, laat ze een halfuur rusten en bak ze dan twee à drie minuten op 175 °C. Traditioneel bak je in ossenwit, dat geeft de beste smaak.',
        'Zout ze meteen en eet ze uit een puntzak met mayonaise, of met stoofvlees, zoals een Vlaams gezin op vrijdag. In Nederland zeggen ze patat of friet, afhankelijk van waar je woont; over de mayonaise is iedereen het eens.',
      ],
      author: 'Thomas Peeters',
    },
    'children-on-the-bike': {
      title: 'Met de kinderen op de fiets',
      short: 'Van het eerste zitje tot een bakfiets vol peuters: zo fietsen gezinnen in de Lage Landen samen.',
      body: [
        'Nederlandse en Belgische kinderen zitten vaak al op de fiets voordat ze kunnen lopen. Een voorzitje past de kleinsten vanaf ongeveer negen maanden, en een achterzitje draagt ze tot zo’n 22 kilo.',
        'Met twee of drie kinderen kiezen veel gezinnen een bakfiets. In de bak heb je iedereen in het oog, de boodschappen passen er ook in, en met een regenhuif blijft iedereen droog op weg naar school. Een elektrische maakt de bruggen makkelijk.',
        'Wat je ook rijdt: zet de kleintjes een helm op, oefen eerst met een lege bak en neem bochten rustiger dan op je eigen fiets. Vanaf een jaar of vier leert een loopfiets, en later een eigen fiets, ze het verkeer in hun eigen tempo.',
      ],
      author: 'Sophie Lambert',
    },
    'dutch-design': {
      title: 'Wat Dutch design zo Nederlands maakt',
      short: 'Sober, slim en een tikje brutaal: de ideeën achter meubels en lampen uit Nederland.',
      body: [
        'Dutch design is niet één stijl, maar het heeft wel gewoontes. Dingen zijn gemaakt om te gebruiken, niet om van een afstand te bewonderen. Materialen zijn eerlijk: hout ziet eruit als hout, en een verbinding die je ziet hoeft niet verstopt te worden.',
        'Vaak zit er ook een knipoog in. Een stoel van touw, een lamp die gewoon een kale peer is, een kast van oude laatjes. De grap werkt omdat het ding nog steeds goed doet waarvoor het bedoeld is.',
        'Let bij een nieuw meubel voor je huis op hetzelfde: verdient het elke dag zijn plek, gaat het lang mee en maakt het je een beetje blij? Dan maakt het niet uit waar het ontworpen is.',
      ],
      author: 'Sophie Lambert',
    },
    'cheese-board': {
      title: 'Een Hollandse kaasplank, van jong tot oud',
      short: 'Goudse kaas heeft leeftijden, van zacht en mild tot brokkelig en pittig. Leg ze naast elkaar en proef het verschil.',
      body: [
        'De kaaswinkel verkoopt Goudse kaas naar leeftijd: jong na ongeveer vier weken, belegen na een paar maanden en oud na een jaar of langer, als er kleine zoutkristallen tussen je tanden knisperen.',
        'Kies voor een plank drie leeftijden van dezelfde kaas en één met komijn, een Leidse specialiteit. Snijd de jonge kaas in blokjes en breek de oude in ruwe stukken; die laat zich niet mooi snijden.',
        'Serveer met appelstroop, mosterd en wat noten. Haal de kaas een uur van tevoren uit de koelkast en proef van jong naar oud, zodat de milde ook een kans krijgen.',
      ],
      author: 'Marieke de Boer',
    },
    ghent: {
      title: 'Een weekend in Gent',
      short: 'Torens, grachten en een burcht midden in de stad: Gent is de Belgische stad waar ons team steeds naar terugkeert.',
      body: [
        'Gent stopt veel in een korte wandeling. Vanaf de Korenmarkt, waar ons Belgische kantoor zit, zie je drie torens op een rij, en de Graslei en de Korenlei kijken elkaar aan over de Leie met hun oude gildehuizen.',
        'Beklim het Gravensteen, de burcht van de graven, voor het uitzicht, en bezoek de Sint-Baafskathedraal voor het Lam Gods van de gebroeders Van Eyck. ’s Avonds licht de stad haar gebouwen zorgvuldig aan, en zitten de kaaien vol mensen.',
        'Gent is een studentenstad en een fietsstad: huur een fiets, verdwaal in de zijstraatjes en stop voor een koffie en een cuberdon, het paarse snoepje in de vorm van een neus.',
      ],
      author: 'Thomas Peeters',
    },
    'delft-blue': {
      title: 'Delfts blauw in huis',
      short: 'Het blauw-witte aardewerk uit Delft bestaat sinds de zeventiende eeuw en past nog steeds op een moderne tafel.',
      body: [
        'In de zeventiende eeuw maakten de pottenbakkers van Delft het Chinese porselein na, dat geliefd en duur was. Hun blauw-witte aardewerk werd een eigen stijl, met molens, bloemen en schepen.',
        'Vandaag combineert Delfts blauw goed met effen wit servies en licht hout. Eén gedecoreerde mok tussen witte, of een tegeltje op een keukenplank, is genoeg om de stijl in een moderne kamer te halen.',
        'Handbeschilderde stukken was je met de hand. Bedrukte zijn meestal vaatwasserbestendig: kijk even op de onderkant voordat je ze inruimt.',
      ],
      author: 'Sophie Lambert',
    },
    'reading-corner': {
      title: 'Een leeshoek voor lange avonden',
      short: 'Een goede stoel, warm licht en een bijzettafel: meer heb je niet nodig voor een hoek waar de telefoon wegblijft.',
      body: [
        'In oktober komen de lange avonden terug, en daarmee de stapel boeken van de zomer die nooit gelezen werd. Een leeshoek helpt: een plek in huis die alleen voor lezen is.',
        'Begin bij de stoel, een waarin je een uur kunt zitten met je voeten omhoog. Zet er een lamp bij die over je schouder schijnt in plaats van in je ogen, warm wit en niet te fel. Een bijzettafeltje draagt de thee en het boek dat je niet leest.',
        'Een plaid over de leuning en een mand voor de volgende boeken maken het af. Laat de telefoon in een andere kamer opladen en kijk hoeveel bladzijden er in een avond passen.',
      ],
      author: 'Marieke de Boer',
    },
    'bike-lights': {
      title: 'Fietsverlichting voor de donkere maanden',
      short: 'Vanaf oktober wordt het vroeg donker. Dit vraagt de wet, en dit raden wij aan als je in het donker fietst.',
      body: [
        'In Nederland en België moet een fiets in het donker of bij slecht zicht een wit of geel licht voor hebben en een rood achter. Het licht moet vast branden, niet knipperen, en op de weg schijnen, niet in de ogen van anderen.',
        'Reflectoren tellen ook: rood achter, geel op de pedalen en op de wielen of banden. De Belgische regels vragen daarnaast een witte reflector voor.',
        'Wij raden oplaadbare lampjes aan met een klem die je meeneemt, zodat ze niet gestolen worden. Laad ze op zondagavond op en houd een reserveset in je tas voor de week dat de batterij leeg is.',
      ],
      author: 'Thomas Peeters',
    },
    'wharf-cellars': {
      title: 'Koffie op de Utrechtse werven',
      short: 'Langs de Oudegracht komen de oude kelders uit op het water: onze favoriete plek voor een koffie vlak bij de winkel.',
      body: [
        'De Utrechtse Oudegracht is anders dan elke andere gracht. De werven liggen op waterniveau, een verdieping onder de straat, en de kelders onder de huizen komen er direct op uit. Kooplieden losten er ooit hun waren; nu zitten er cafés, werkplaatsen en terrassen.',
        'Onze winkel en ons afhaalpunt liggen ook aan de Oudegracht. Kom je een bestelling ophalen, neem dan de trap naar de werf en loop een stukje langs het water: het is er rustig, zelfs op een drukke zaterdag.',
        'In november krijgen de terrassen heaters en dekens. Bestel een koffie met een punt appeltaart en kijk naar de bootjes die voorbijvaren.',
      ],
      author: 'Marieke de Boer',
    },
    gezellig: {
      title: 'Zo maak je je huis gezellig',
      short: 'Iedereen weet wat het is, niemand kan het precies uitleggen: warm, samen en op je gemak.',
      body: [
        'Gezellig is een kamer, een avond of een gezelschap dat warm en ontspannen voelt. Het gaat niet om wat je hebt, maar om licht, mensen en tijd.',
        'Licht is de snelste weg. Doe de plafondlamp uit en gebruik een paar kleine lampen op verschillende hoogtes, met warme lampen erin. Kaarsen op tafel doen de rest.',
        'Dan de dingen die je aanraakt: een wollen plaid op de bank, een grote mok thee, een houten plank met iets om te delen. Nodig een paar vrienden uit, leg de telefoons weg, en het woord legt zichzelf uit.',
      ],
      author: 'Sophie Lambert',
    },
    speculoos: {
      title: 'Speculaas, het koekje van Sinterklaas',
      short: 'Gekruid, knapperig en gevormd in houten planken: speculaas hoort bij de weken voor 6 december.',
      body: [
        'Speculaas (in België speculoos) is een dun, knapperig koekje met kaneel, kruidnagel, nootmuskaat en gember. Traditioneel wordt het deeg in gesneden houten vormen gedrukt, met Sinterklaas, zijn paard of een molen erop.',
        'Belgen eten het ook de rest van het jaar, bij de koffie of als smeersel op brood. In Nederland hoort het vooral bij de sinterklaastijd, samen met pepernoten en chocoladeletters.',
        'Bak je zelf? Meng de kruiden een dag van tevoren, zodat de smaak vrijkomt, en laat het deeg een nacht in de koelkast rusten. Rol het dun uit en bak tot de randjes net donker kleuren.',
      ],
      author: 'Thomas Peeters',
    },
    sinterklaas: {
      title: 'Sinterklaas: cadeaus op 5 en 6 december',
      short: 'In Nederland komen de cadeaus op de avond van 5 december, in België op de ochtend van 6 december.',
      body: [
        'Half november komt Sinterklaas met de stoomboot uit Spanje aan, en drie weken lang zetten kinderen ’s avonds hun schoen bij de schoorsteen, met een wortel voor het paard. ’s Ochtends zit er misschien een klein cadeautje of een chocoladeletter in.',
        'In Nederland is 5 december de grote avond, pakjesavond: de cadeaus komen in een zak, vaak met een gedicht dat de ontvanger een beetje plaagt. In Vlaanderen en Wallonië vinden kinderen hun cadeaus op de ochtend van 6 december, zijn naamdag.',
        'Bestel je cadeaus bij ons? Bekijk onze <a href="' + c.page('shipping') + '">levertijden</a> en bestel vóór 1 december voor levering op tijd.',
      ],
      author: 'Marieke de Boer',
    },
    stroopwafels: {
      title: 'Een stroopwafel op je koffiekopje',
      short: 'Leg de wafel een minuutje op een hete kop: de stroop wordt zacht en de wafel buigt.',
      body: [
        'Een stroopwafel bestaat uit twee dunne wafels met een laagje karamelstroop ertussen. Ze komen oorspronkelijk uit Gouda, en op elke Nederlandse markt staat wel een kraam waar ze vers worden gebakken.',
        'Thuis zit de truc in het kopje. Leg de stroopwafel een minuut of twee op een kop hete koffie of thee. De damp verwarmt de stroop en de wafel wordt zacht en een beetje taai.',
        'Bewaar ze in een trommel in plaats van in de koelkast en eet ze binnen een paar weken op. Niet dat ze meestal zo lang blijven liggen.',
      ],
      author: 'Sophie Lambert',
    },
    'e-bike-battery': {
      title: 'De accu van je e-bike in de winter',
      short: 'Kou verkort de actieradius van een e-bike. Met een paar gewoontes blijft de accu gezond tot de lente.',
      body: [
        'Lithiumaccu’s houden niet van vorst. Neem de accu na een rit mee naar binnen en laad hem op kamertemperatuur op.',
        'Bij een lange pauze bewaar je hem half vol op een koele, droge plek en laad je hem eens per maand bij.',
      ],
      author: 'Thomas Peeters',
    },
    'spring-cleaning': {
      title: 'Voorjaarsschoonmaak op z’n Hollands',
      short: 'Nederlanders staan bekend om hun schone ramen. Ons plan voor een fris huis in één weekend.',
      body: ['Begin bij bewolkt weer met de ramen, dan laat de zon geen strepen achter.', 'Daarna kamer voor kamer, van boven naar beneden.'],
      author: 'Sophie Lambert',
    },
  },
})
