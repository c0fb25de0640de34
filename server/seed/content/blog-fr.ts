/** The demo shop's blog in French (narrow no-break spaces are added by blog.ts). */
import type { BlogLanguage } from './blog-types'

export const frenchBlog: BlogLanguage = (c) => ({
  headings: { service: 'Service client', about: 'À propos de Polder', legal: 'Informations légales' },
  categories: {
    cycling: {
      title: 'Vélo',
      description: 'Au travail, à l’école et dans les polders : équipement, entretien et itinéraires pour chaque saison.',
      meta_description: 'Les conseils vélo de Polder : vêtements de pluie, éclairage, entretien et beaux itinéraires en Belgique et aux Pays-Bas.',
    },
    food: {
      title: 'Cuisine et recettes',
      description: 'Ce que l’on cuisine et mange au Benelux, du stamppot d’hiver au vrai cornet de frites.',
      meta_description: 'Recettes belges et néerlandaises et histoires gourmandes de Polder : fromage, stroopwafels, spéculoos et plus.',
    },
    home: {
      title: 'Maison et design',
      description: 'Simple, pratique et fait pour durer : des idées pour une maison qui vous ressemble.',
      meta_description: 'Idées maison et design de Polder : design néerlandais, bleu de Delft, coins lecture et soirées d’hiver douillettes.',
    },
    'low-countries': {
      title: 'Vivre au Benelux',
      description: 'Les fêtes, les villes et les habitudes de la Belgique et des Pays-Bas, telles que nous les vivons.',
      meta_description: 'Récits de la vie en Belgique et aux Pays-Bas : fête du Roi, Saint-Nicolas, carnaval, Gand et Utrecht.',
    },
  },
  posts: {
    stamppot: {
      title: 'Le stamppot des soirées de janvier',
      short: 'Une purée de pommes de terre au chou frisé et une saucisse fumée : le plat d’hiver néerlandais qui réchauffe toute la maison.',
      body: [
        'Quand le vent souffle sur les polders, les cuisines néerlandaises préparent le stamppot : des pommes de terre écrasées avec un légume. Le plus connu est le boerenkool, au chou frisé, mais le hutspot aux carottes et aux oignons a aussi ses fidèles.',
        '## Notre façon de faire',
        'Faites cuire des pommes de terre farineuses avec le chou finement coupé par-dessus, égouttez, puis écrasez avec une noix de beurre et un peu de lait chaud. Salez, poivrez et ajoutez un soupçon de moutarde. Réchauffez la saucisse fumée dans une eau frémissante et coupez-la en rondelles.',
        'Creusez un petit puits dans chaque portion pour la sauce, comme le font les enfants aux Pays-Bas. Servez dans des assiettes creuses, avec une cuillerée de piccalilli pour ceux qui aiment le piquant.',
      ],
      author: 'Marieke de Boer',
    },
    carnival: {
      title: 'Le carnaval, de Binche au Limbourg',
      short: 'En février, le sud des Pays-Bas et une grande partie de la Belgique se déguisent, chantent et défilent pendant trois jours.',
      body: [
        'Au nord du Rhin et de la Meuse, février reste février. Au sud, dans le Limbourg et le Brabant-Septentrional, les villes prennent un nom de carnaval, le bourgmestre remet les clés au Prince Carnaval et les rues se remplissent de fanfares.',
        'La Belgique a ses propres cortèges célèbres : Alost et ses chars satiriques, et Binche, où les Gilles aux masques de cire dansent dans la ville avec leurs paniers d’oranges. Le carnaval de Binche est inscrit au patrimoine culturel immatériel de l’UNESCO.',
        'C’est votre première fois ? Portez plusieurs couches sous votre costume, prenez un gobelet qui tient dans une poche et apprenez le refrain d’une chanson locale. Personne ne vous en voudra de chanter faux.',
      ],
      author: 'Thomas Peeters',
    },
    'rain-gear': {
      title: 'Arriver au sec à vélo',
      short: 'Il pleut ici environ un jour sur deux. Avec le bon équipement, ce n’est pas une raison pour laisser le vélo au garage.',
      body: [
        'Au Benelux, la pluie dure rarement longtemps, mais elle tombe souvent et généralement de côté. Commencez par une bonne veste de pluie : une capuche qui suit les mouvements de la tête, des manches longues et un dos qui vous couvre quand vous vous penchez.',
        '## Trois détails qui changent tout',
        'Un pantalon de pluie qui passe par-dessus les chaussures, pour arriver les genoux secs. Des garde-boue sur les deux roues, contre la traînée d’eau dans le dos. Et un sac à fermeture enroulable, pour que votre ordinateur reste aussi sec que vous.',
        'Au bureau, suspendez vos affaires pour qu’elles sèchent au lieu de les plier mouillées, et réimperméabilisez la veste une fois par saison. Nos vestes de pluie sont testées tous les jours le long des canaux d’Utrecht.',
      ],
      author: 'Marieke de Boer',
    },
    'bike-check': {
      title: 'Cinq minutes pour contrôler son vélo au printemps',
      short: 'Pneus, freins, chaîne et éclairage : un contrôle rapide après l’hiver vous évite de rentrer à pied.',
      body: [
        'Le sel et les routes mouillées sont durs pour un vélo. Avant la première longue sortie du printemps, prenez cinq minutes et un chiffon.',
        'Pincez les pneus : s’ils s’enfoncent facilement sous le pouce, regonflez-les à la pression indiquée sur le flanc. Serrez les deux freins et poussez le vélo vers l’avant : il ne doit pas avancer. Vérifiez l’usure des patins.',
        'Nettoyez la chaîne, mettez une goutte d’huile par maillon et essuyez le surplus. Enfin, allumez les phares. Tout ce qui cliquette, grince ou patine est l’affaire de votre vélociste, plutôt en mars que sous une averse de mai.',
      ],
      author: 'Thomas Peeters',
    },
    'balcony-garden': {
      title: 'Tulipes et herbes sur un petit balcon',
      short: 'Pas besoin de jardin pour des couleurs au printemps : quelques pots et une rambarde ensoleillée suffisent.',
      body: [
        'Les bulbes de tulipes plantés en automne fleurissent en avril, et un pot profond sur un balcon vaut bien un massif. Vous avez oublié de les planter ? Les jardineries les vendent maintenant en bouton ; groupez-en trois ou cinq pour un effet plus généreux.',
        'Les herbes aromatiques sont l’autre choix facile. La ciboulette, le thym et la menthe reviennent chaque année, et le basilic pousse volontiers sur un rebord chaud dès le mois de mai. Gardez la menthe dans son propre pot : elle envahit tout le reste.',
        'Arrosez le matin plutôt que le soir, et placez une soucoupe sous chaque pot pour rester en bons termes avec les voisins du dessous.',
      ],
      author: 'Sophie Lambert',
    },
    'kings-day': {
      title: 'La fête du Roi : tout le pays en orange',
      short: 'Le 27 avril, les Pays-Bas fêtent l’anniversaire du roi avec le plus grand marché aux puces du monde.',
      body: [
        'Pour la fête du Roi (Koningsdag), les Pays-Bas s’habillent en orange, la couleur de la maison d’Orange-Nassau. Les rues, les canaux et les parcs se remplissent de monde, de musique et d’un marché libre où chacun peut vendre ce qu’il veut.',
        'La veille au soir, les enfants posent déjà une couverture pour réserver une bonne place, puis vendent leurs vieux jouets pour quelques pièces. À Amsterdam, les canaux se couvrent de bateaux ; à Utrecht, c’est la nuit d’avant, la Koningsnacht, qui fait la fête.',
        'Si vous y allez, prévoyez de l’argent liquide pour le marché, quelque chose d’orange à porter et de la patience : trains et routes sont chargés toute la journée. Quand le 27 avril tombe un dimanche, la fête est avancée au samedi.',
      ],
      author: 'Marieke de Boer',
    },
    'cycle-junctions': {
      title: 'S’orienter grâce aux points-nœuds',
      short: 'Avec le réseau de points-nœuds, une journée à vélo se prépare avec une simple liste de numéros.',
      body: [
        'Partout en Flandre, aux Pays-Bas et de plus en plus en Wallonie, des panneaux portent des numéros. Chaque numéro est un point-nœud du réseau cyclable, et les panneaux indiquent les suivants. L’idée est née dans le Limbourg belge avant de gagner les deux pays.',
        'Pour préparer une sortie, choisissez les points-nœuds sur une carte ou une application et notez-les : 12, 45, 7, 31. En route, il suffit de suivre les panneaux jusqu’au numéro suivant. Pas de carte sur le guidon, pas d’écran sous la pluie.',
        'Une boucle de quarante à soixante kilomètres fait une belle journée avec des pauses. Prenez un cadenas, une gourde et un petit kit de réparation, et repérez le village qui a un café à mi-parcours.',
      ],
      author: 'Thomas Peeters',
    },
    fries: {
      title: 'Les frites à la belge',
      short: 'En Belgique, on cuit les frites deux fois et on les mange dans un cornet en papier. Voici pourquoi ça marche.',
      body: [
        'Une friterie belge sert des frites croustillantes dehors et fondantes dedans, et le secret, c’est la double cuisson. La première, à température plus basse, cuit la pomme de terre à cœur ; la seconde, plus chaude, lui donne sa croûte dorée.',
        '## À la maison',
        'Coupez des pommes de terre farineuses en bâtonnets d’environ un centimètre et rincez-les pour enlever l’amidon. Séchez-les bien, faites-les frire six minutes à 150 °C, laissez-les reposer une demi-heure, puis replongez-les deux ou trois minutes à 175 °C. Traditionnellement, on les cuit dans du blanc de bœuf, qui donne le meilleur goût.',
        'Salez tout de suite et servez-les en cornet avec de la mayonnaise, ou avec une carbonnade, comme une famille flamande le vendredi. Aux Pays-Bas, on dit patat ou friet selon la région ; sur la mayonnaise, tout le monde est d’accord.',
      ],
      author: 'Thomas Peeters',
    },
    'children-on-the-bike': {
      title: 'À vélo avec les enfants',
      short: 'Du premier siège au vélo cargo rempli de petits : comment les familles du Benelux roulent ensemble.',
      body: [
        'Aux Pays-Bas et en Belgique, les enfants montent souvent à vélo avant de savoir marcher. Un siège avant convient aux plus petits dès neuf mois environ, et un siège arrière les porte jusqu’à 22 kilos à peu près.',
        'Avec deux ou trois enfants, beaucoup de familles choisissent un vélo cargo. Dans le bac, on garde tout le monde à l’œil, les courses y trouvent aussi leur place, et avec une bâche de pluie on arrive au sec à l’école. Une assistance électrique rend les ponts faciles.',
        'Quel que soit le vélo, mettez un casque aux petits, entraînez-vous d’abord avec un bac vide et prenez les virages plus lentement que sur votre propre vélo. Dès quatre ans environ, une draisienne puis un premier vélo leur apprennent la circulation à leur rythme.',
      ],
      author: 'Sophie Lambert',
    },
    'dutch-design': {
      title: 'Ce qui rend le design néerlandais si néerlandais',
      short: 'Sobre, astucieux et un brin insolent : les idées derrière les meubles et les lampes venus des Pays-Bas.',
      body: [
        'Le design néerlandais n’est pas un style unique, mais il a ses habitudes. Les objets sont faits pour servir, pas pour être admirés de loin. Les matériaux sont honnêtes : le bois ressemble à du bois, et un assemblage visible n’a rien à cacher.',
        'Il y a souvent aussi un clin d’œil. Une chaise en corde, une lampe qui n’est qu’une ampoule nue, une armoire faite de vieux tiroirs. La blague fonctionne parce que l’objet remplit toujours bien son rôle.',
        'Pour choisir un meuble, posez-vous les mêmes questions : mérite-t-il sa place chaque jour, va-t-il durer, et vous fait-il un peu sourire ? Alors peu importe où il a été dessiné.',
      ],
      author: 'Sophie Lambert',
    },
    'cheese-board': {
      title: 'Un plateau de gouda, du jeune au vieux',
      short: 'Le gouda se vend selon son âge, du doux et tendre au friable et corsé. Posez-les côte à côte et goûtez la différence.',
      body: [
        'Aux Pays-Bas, le fromager vend le gouda selon son âge : jeune (jong) après environ quatre semaines, affiné (belegen) après quelques mois et vieux (oud) après un an ou plus, quand de petits cristaux de sel croquent sous la dent.',
        'Pour un plateau, choisissez trois âges du même fromage et un au cumin, spécialité de Leyde. Coupez le jeune en dés et cassez le vieux en morceaux irréguliers : il se brise plutôt qu’il ne se tranche.',
        'Servez avec du sirop de pommes, de la moutarde et quelques noix. Sortez le fromage du réfrigérateur une heure avant, et goûtez du plus jeune au plus vieux, pour laisser une chance aux plus doux.',
      ],
      author: 'Marieke de Boer',
    },
    ghent: {
      title: 'Un week-end à Gand',
      short: 'Des tours, des quais et un château au cœur de la ville : Gand est la ville belge où notre équipe revient toujours.',
      body: [
        'Gand offre beaucoup en peu de pas. Depuis le Korenmarkt, où se trouve notre bureau belge, on voit trois tours alignées, et le Graslei et le Korenlei se font face de part et d’autre de la Lys avec leurs anciennes maisons de corporations.',
        'Montez au Gravensteen, le château des comtes, pour la vue, et visitez la cathédrale Saint-Bavon pour l’Agneau mystique des frères Van Eyck. Le soir, la ville éclaire ses bâtiments avec soin et les quais se remplissent de monde.',
        'Gand est une ville étudiante et une ville du vélo : louez-en un, perdez-vous dans les ruelles et faites une pause avec un café et un cuberdon, le bonbon violet en forme de nez.',
      ],
      author: 'Thomas Peeters',
    },
    'delft-blue': {
      title: 'Le bleu de Delft à la maison',
      short: 'La faïence bleue et blanche de Delft existe depuis le XVIIe siècle et trouve encore sa place sur une table moderne.',
      body: [
        'Au XVIIe siècle, les potiers de Delft imitaient la porcelaine chinoise, très prisée et très chère. Leur faïence bleue et blanche est devenue un style à part entière, avec des moulins, des fleurs et des navires.',
        'Aujourd’hui, le bleu de Delft se marie bien avec une vaisselle blanche unie et du bois clair. Une tasse décorée parmi des blanches, ou un carreau sur une étagère de cuisine, suffit à faire entrer le style dans une pièce moderne.',
        'Les pièces peintes à la main se lavent à la main. Les pièces imprimées passent généralement au lave-vaisselle : regardez sous la pièce avant de la ranger dedans.',
      ],
      author: 'Sophie Lambert',
    },
    'reading-corner': {
      title: 'Un coin lecture pour les longues soirées',
      short: 'Un bon fauteuil, une lumière chaude et une petite table : il n’en faut pas plus pour un coin où le téléphone reste à l’écart.',
      body: [
        'En octobre reviennent les longues soirées, et avec elles la pile de livres de l’été jamais ouverts. Un coin lecture aide : un endroit de la maison réservé à la lecture.',
        'Commencez par le fauteuil, un siège où l’on tient une heure les pieds surélevés. Ajoutez une lampe qui éclaire par-dessus l’épaule plutôt que dans les yeux, d’un blanc chaud et pas trop forte. Une petite table accueille le thé et le livre que vous ne lisez pas.',
        'Un plaid sur l’accoudoir et un panier pour les prochains livres complètent le tout. Laissez le téléphone se recharger dans une autre pièce, et voyez combien de pages tient une soirée.',
      ],
      author: 'Marieke de Boer',
    },
    'bike-lights': {
      title: 'L’éclairage pour les mois sombres',
      short: 'Dès octobre, la nuit tombe tôt. Voici ce que demande la loi et ce que nous conseillons pour rouler dans le noir.',
      body: [
        'En Belgique comme aux Pays-Bas, un vélo doit avoir, la nuit ou par mauvaise visibilité, un feu blanc ou jaune à l’avant et un feu rouge à l’arrière. Les feux doivent être fixes, non clignotants, et éclairer la route sans éblouir les autres.',
        'Les catadioptres comptent aussi : rouge à l’arrière, jaunes sur les pédales et sur les roues ou les pneus. Le code belge demande en plus un catadioptre blanc à l’avant.',
        'Nous conseillons des lampes rechargeables avec une fixation que l’on emporte, pour éviter les vols. Rechargez-les le dimanche soir et gardez un jeu de rechange dans votre sac pour la semaine où la batterie lâche.',
      ],
      author: 'Thomas Peeters',
    },
    'wharf-cellars': {
      title: 'Un café sur les quais d’Utrecht',
      short: 'Le long de l’Oudegracht, les anciennes caves s’ouvrent sur l’eau : notre endroit préféré pour un café près de la boutique.',
      body: [
        'L’Oudegracht d’Utrecht ne ressemble à aucun autre canal. Ses quais sont au niveau de l’eau, un étage sous la rue, et les caves des maisons s’ouvrent directement sur eux. Les marchands y déchargeaient autrefois leurs marchandises ; on y trouve aujourd’hui des cafés, des ateliers et des terrasses.',
        'Notre boutique et point de retrait se trouve aussi sur l’Oudegracht. Si vous venez chercher une commande, descendez l’escalier jusqu’au quai et marchez un peu le long de l’eau : c’est calme, même un samedi chargé.',
        'En novembre, les terrasses sortent chauffages et couvertures. Commandez un café avec une part de tarte aux pommes hollandaise et regardez passer les bateaux.',
      ],
      author: 'Marieke de Boer',
    },
    gezellig: {
      title: 'Rendre sa maison gezellig',
      short: 'Le mot néerlandais n’a pas d’équivalent exact en français, mais on le reconnaît : chaleureux, ensemble et détendu.',
      body: [
        'Gezellig désigne une pièce, une soirée ou une compagnie où l’on se sent bien, au chaud et détendu. Ce n’est pas une question de ce que l’on possède, mais de lumière, de personnes et de temps.',
        'La lumière est le chemin le plus court. Éteignez le plafonnier et utilisez plusieurs petites lampes à différentes hauteurs, avec des ampoules chaudes. Quelques bougies sur la table font le reste.',
        'Puis les choses que l’on touche : un plaid en laine sur le canapé, une grande tasse de thé, une planche en bois avec de quoi partager. Invitez quelques amis, rangez les téléphones, et le mot s’explique tout seul.',
      ],
      author: 'Sophie Lambert',
    },
    speculoos: {
      title: 'Le spéculoos, biscuit de la Saint-Nicolas',
      short: 'Épicé, croquant et moulé dans des planches en bois : le spéculoos accompagne les semaines qui précèdent le 6 décembre.',
      body: [
        'Le spéculoos (speculaas aux Pays-Bas) est un biscuit fin et croquant à la cannelle, au clou de girofle, à la muscade et au gingembre. Traditionnellement, la pâte est pressée dans des moules en bois sculpté représentant saint Nicolas, son cheval ou un moulin.',
        'En Belgique, on le mange toute l’année, avec le café ou en pâte à tartiner. Aux Pays-Bas, il appartient surtout à la période de la Saint-Nicolas, avec les pepernoten et les lettres en chocolat.',
        'Pour le faire vous-même, mélangez les épices la veille pour que leurs arômes se développent, et laissez reposer la pâte une nuit au réfrigérateur. Étalez-la finement et enfournez jusqu’à ce que les bords brunissent à peine.',
      ],
      author: 'Thomas Peeters',
    },
    sinterklaas: {
      title: 'Saint-Nicolas : les cadeaux du 5 et du 6 décembre',
      short: 'Aux Pays-Bas, les cadeaux arrivent le soir du 5 décembre ; en Belgique, le matin du 6 décembre.',
      body: [
        'Saint Nicolas arrive d’Espagne en bateau à vapeur à la mi-novembre. Pendant trois semaines, les enfants déposent le soir leur chaussure près de la cheminée, avec une carotte pour le cheval, et y trouvent parfois au matin un petit cadeau ou une lettre en chocolat.',
        'Aux Pays-Bas, la grande soirée est celle du 5 décembre, le pakjesavond : les cadeaux arrivent dans un sac, souvent avec un poème qui taquine celui qui le reçoit. En Wallonie et en Flandre, les enfants découvrent leurs cadeaux le matin du 6 décembre, jour de sa fête.',
        'Vous commandez vos cadeaux chez nous ? Consultez nos <a href="' +
          c.page('shipping') +
          '">délais de livraison</a> et commandez avant le 1er décembre pour être livré à temps.',
      ],
      author: 'Marieke de Boer',
    },
    stroopwafels: {
      title: 'Un stroopwafel sur votre tasse de café',
      short: 'Posez la gaufre une minute sur une tasse bien chaude : le sirop ramollit et la gaufre se courbe.',
      body: [
        'Un stroopwafel, ce sont deux fines gaufres fourrées d’une couche de sirop caramélisé. Elles viennent de Gouda, et sur chaque marché néerlandais un stand les prépare minute.',
        'À la maison, tout est dans la tasse. Posez le stroopwafel une à deux minutes sur un café ou un thé bien chaud. La vapeur réchauffe le sirop, et la gaufre devient tendre et un peu moelleuse.',
        'Conservez-les dans une boîte en fer plutôt qu’au réfrigérateur, et mangez-les dans les quelques semaines. En général, elles ne durent pas si longtemps.',
      ],
      author: 'Sophie Lambert',
    },
    'e-bike-battery': {
      title: 'Prendre soin de la batterie de son vélo électrique en hiver',
      short: 'Le froid réduit l’autonomie d’un vélo électrique. Quelques habitudes gardent la batterie en forme jusqu’au printemps.',
      body: [
        'Les batteries au lithium n’aiment pas le gel. Rentrez la batterie après la sortie et rechargez-la à température ambiante.',
        'Pour une longue pause, stockez-la à moitié chargée dans un endroit frais et sec, et rechargez-la une fois par mois.',
      ],
      author: 'Thomas Peeters',
    },
    'spring-cleaning': {
      title: 'Le grand ménage de printemps à la néerlandaise',
      short: 'Les Néerlandais sont réputés pour leurs vitres impeccables. Notre plan pour une maison fraîche en un week-end.',
      body: ['Commencez par les vitres par temps couvert, pour que le soleil ne laisse pas de traces.', 'Puis une pièce à la fois, de haut en bas.'],
      author: 'Sophie Lambert',
    },
  },
})
