/** The demo shop's blog in English. */
import type { BlogLanguage } from './blog-types'

export const englishBlog: BlogLanguage = (c) => ({
  headings: { service: 'Customer service', about: 'About Polder', legal: 'Legal' },
  categories: {
    cycling: {
      title: 'Cycling',
      description: 'Riding to work, to school and out into the polder: gear, upkeep and routes for every season.',
      meta_description: 'Cycling tips from Polder: rain gear, lights, upkeep and the best routes in the Netherlands and Belgium.',
    },
    food: {
      title: 'Food and recipes',
      description: 'What we cook and eat in the Low Countries, from winter stamppot to a proper cone of fries.',
      meta_description: 'Dutch and Belgian recipes and food stories from Polder: cheese, stroopwafels, speculoos and more.',
    },
    home: {
      title: 'Home and design',
      description: 'Simple, useful and made to last: ideas for a home that feels like yours.',
      meta_description: 'Home and design ideas from Polder: Dutch design, Delft blue, reading corners and cosy winter evenings.',
    },
    'low-countries': {
      title: 'Life in the Low Countries',
      description: 'Feasts, cities and habits of Belgium and the Netherlands, as we live them.',
      meta_description: 'Stories about life in Belgium and the Netherlands: King’s Day, Sinterklaas, carnival, Ghent and Utrecht.',
    },
  },
  posts: {
    stamppot: {
      title: 'Stamppot for cold January evenings',
      short: 'Mashed potatoes with kale and a smoked sausage: the Dutch winter dish that warms a whole household.',
      body: [
        'When the wind comes in over the polder, Dutch kitchens turn to stamppot: potatoes mashed together with a vegetable. The best known is boerenkool, with curly kale, but hutspot with carrots and onions has its fans too.',
        '## How we make it',
        'Boil floury potatoes with the finely cut kale on top, drain, and mash with a knob of butter and a splash of warm milk. Season with salt, pepper and a little mustard. Heat a smoked sausage in water just below the boil and slice it over the top.',
        'Make a small hollow in each portion for the gravy, a habit children in the Netherlands call a <em>kuiltje jus</em>. Serve it in deep plates and finish with a spoon of piccalilli if you like some sharpness.',
      ],
      author: 'Marieke de Boer',
    },
    carnival: {
      title: 'Carnival south of the great rivers',
      short: 'In February the south of the Netherlands and much of Belgium dress up, sing and parade for three days.',
      body: [
        'North of the Rhine and the Maas, February is just February. South of them, in Limburg and North Brabant, towns take on carnival names, the mayor hands the keys to a Prince Carnival and the streets fill with brass bands.',
        'Belgium has its own famous parades: Aalst with its satirical floats, and Binche, where the Gilles in their wax masks dance through the town with baskets of oranges. The carnival of Binche is on UNESCO’s list of intangible cultural heritage.',
        'Going for the first time? Wear layers under your costume, bring a cup that fits in a pocket, and learn the chorus of one local song. Nobody minds if you sing it badly.',
      ],
      author: 'Thomas Peeters',
    },
    'rain-gear': {
      title: 'Staying dry on a Dutch commute',
      short: 'It rains on about one day in two here. With the right gear, that is no reason to leave the bike at home.',
      body: [
        'Rain in the Low Countries rarely pours for long, but it comes often and usually sideways. A good rain jacket is the first thing to get right: a hood that moves with your head, long sleeves and a back that covers you when you lean forward.',
        '## Three things that make the difference',
        'Rain trousers you can pull over your shoes, so you arrive with dry knees. Mudguards on both wheels, which keep the spray off your back. And a bag with a roll-top closure, so your laptop stays as dry as you.',
        'Hang everything up to dry at work rather than folding it away wet, and reproof the jacket once a season. Our rain jackets are tested on the Utrecht canals every day.',
      ],
      author: 'Marieke de Boer',
    },
    'bike-check': {
      title: 'A five-minute bike check for spring',
      short: 'Tyres, brakes, chain and lights: a quick check after winter saves you a walk home later.',
      body: [
        'Winter salt and wet roads are hard on a bike. Before the first long ride of spring, take five minutes and a rag.',
        'Squeeze the tyres: if your thumb presses them in easily, pump them up to the pressure on the sidewall. Pull both brakes and roll the bike forward; it should not move. Look at the brake pads for wear lines.',
        'Wipe the chain clean, add one drop of oil per link and wipe off what is left. Finally, switch the lights on. Anything that rattles, squeaks or slips is a job for your local bike shop, and better in March than in a May downpour.',
      ],
      author: 'Thomas Peeters',
    },
    'balcony-garden': {
      title: 'Tulips and herbs on a small balcony',
      short: 'You do not need a garden for spring colour: a few pots and a sunny rail are enough.',
      body: [
        'Tulip bulbs planted in autumn flower in April, and a deep pot on a balcony works as well as a flower bed. If you missed the planting, garden centres sell them in bud now; put three or five together for a fuller look.',
        'Herbs are the other easy win. Chives, thyme and mint come back every year, and basil grows happily on a warm sill from May. Keep mint in a pot of its own: it takes over everything else.',
        'Water in the morning rather than the evening, and put a saucer under each pot so the neighbours below stay friends.',
      ],
      author: 'Sophie Lambert',
    },
    'kings-day': {
      title: 'King’s Day: the country turns orange',
      short: 'On 27 April the Netherlands celebrates the king’s birthday with the biggest flea market in the world.',
      body: [
        'King’s Day (Koningsdag) is the day the Netherlands wears orange, the colour of the royal house of Orange-Nassau. Streets, canals and parks fill with people, music and a free market where anyone may sell anything.',
        'Children set out old toys on a blanket the evening before to claim a good spot, and sell them for a few coins. In Amsterdam the canals fill with boats; in Utrecht the night before, Koningsnacht, is the big party.',
        'If you visit, bring cash for the market, something orange to wear, and patience: trains and roads are busy all day. When 27 April falls on a Sunday, the feast moves to the Saturday before.',
      ],
      author: 'Marieke de Boer',
    },
    'cycle-junctions': {
      title: 'Finding your way by numbered junctions',
      short: 'The cycle junction network lets you plan a day out with nothing more than a list of numbers.',
      body: [
        'All over Flanders and the Netherlands, green and white signs carry numbers. Each number is a junction of the cycle network, and the signs point you to the next ones. The idea started in Belgian Limburg and spread across both countries.',
        'To plan a ride, pick the junctions on a map or an app and write them down: 12, 45, 7, 31. On the road you simply follow the signs to the next number. No map on the handlebars, no screen in the rain.',
        'A ride of forty to sixty kilometres is a pleasant day with stops. Bring a lock, a bottle and a small repair kit, and check which village has a café halfway.',
      ],
      author: 'Thomas Peeters',
    },
    fries: {
      title: 'Fries the Belgian way',
      short: 'Belgians fry their potatoes twice and eat them from a paper cone. Here is why it works.',
      body: [
        'A Belgian frietkot serves fries that are crisp outside and soft inside, and the secret is frying them twice. The first time at a lower temperature cooks the potato through; the second, hotter, gives the golden crust.',
        '## At home',
        'Cut floury potatoes into sticks about a centimetre thick and rinse off the starch. Dry them well, fry for six minutes at 150 °C, let them rest for half an hour, then fry again at 175 °C for two or three minutes. Traditionally the fat is beef dripping, which gives the best taste.',
        'Salt them straight away and serve them in a cone with mayonnaise, or with stew, as a Flemish family would on a Friday. The Dutch say patat or friet depending on where they live; everyone agrees on the mayonnaise.',
      ],
      author: 'Thomas Peeters',
    },
    'children-on-the-bike': {
      title: 'Taking the children along by bike',
      short: 'From the first child seat to a cargo bike full of toddlers: how families in the Low Countries ride together.',
      body: [
        'Dutch and Belgian children often go on the bike before they can walk. A front seat suits the smallest from about nine months, and a rear seat takes them up to around 22 kilos.',
        'With two or three children, many families choose a cargo bike. The box keeps everyone in view, carries the shopping too, and with a rain cover it is dry on the way to school. An electric one makes the bridges easy.',
        'Whatever you ride, put a helmet on the little ones, practise with an empty box first, and take the corners slower than on your own bike. From about four, a balance bike and later their own bike teaches them the traffic at their own pace.',
      ],
      author: 'Sophie Lambert',
    },
    'dutch-design': {
      title: 'What makes Dutch design Dutch',
      short: 'Plain, clever and a little cheeky: the ideas behind the furniture and lamps from the Netherlands.',
      body: [
        'Dutch design is not one style, but it has habits. Things are made to be used, not admired from a distance. Materials are honest: wood looks like wood, and a joint you can see is nothing to hide.',
        'There is often a wink as well. A chair made of rope, a lamp that is simply a bare bulb, a cupboard made of old drawers. The joke works because the object still does its job well.',
        'When you choose a piece for your home, look for the same things: does it earn its place every day, will it last, and does it make you smile a little? Then it will not matter where it was designed.',
      ],
      author: 'Sophie Lambert',
    },
    'cheese-board': {
      title: 'A Dutch cheese board, young to old',
      short: 'Gouda comes in ages, from soft and mild to crumbly and sharp. Put them side by side and taste the difference.',
      body: [
        'Dutch cheese shops sell Gouda by age: young (jong) after about four weeks, matured (belegen) after a few months, and old (oud) after a year or more, when small salt crystals crunch between your teeth.',
        'For a board, choose three ages of the same cheese and one with cumin, a Leiden speciality. Cut the young cheese in cubes and the old one in rough pieces; it breaks rather than slices.',
        'Serve with apple syrup, mustard and a few nuts. Take the cheese out of the fridge an hour before, and go from young to old, so the mild ones still get a chance.',
      ],
      author: 'Marieke de Boer',
    },
    ghent: {
      title: 'A weekend in Ghent',
      short: 'Towers, canals and a castle in the middle of town: Ghent is the Belgian city our team keeps going back to.',
      body: [
        'Ghent packs a lot into a short walk. From the Korenmarkt, where our Belgian office is, you see three towers in a row, and the Graslei and Korenlei face each other across the Leie with their old guild houses.',
        'Climb the Gravensteen, the count’s castle, for the view, and visit Saint Bavo’s Cathedral for the Van Eyck altarpiece. In the evening the city lights its buildings with care, and the quays are full of people.',
        'Ghent is a student town and a cycling town: rent a bike, get lost in the side streets and stop for a coffee and a cuberdon, the purple sweet shaped like a nose.',
      ],
      author: 'Thomas Peeters',
    },
    'delft-blue': {
      title: 'Delft blue at home',
      short: 'The blue and white earthenware from Delft has been around since the seventeenth century and still fits a modern table.',
      body: [
        'In the seventeenth century the potters of Delft copied Chinese porcelain, which was popular and expensive. Their blue and white earthenware became a style of its own, with windmills, flowers and ships.',
        'Today Delft blue mixes well with plain white tableware and light wood. One patterned mug among white ones, or a tile on a kitchen shelf, is enough to bring the look into a modern room.',
        'Hand-painted pieces are washed by hand. Printed ones are usually dishwasher safe: check the bottom before you load them.',
      ],
      author: 'Sophie Lambert',
    },
    'reading-corner': {
      title: 'A reading corner for long evenings',
      short: 'A good chair, warm light and a small table: all you need for a corner where the phone stays away.',
      body: [
        'October brings the long evenings back, and with them the pile of books from the summer that never got read. A reading corner helps: a place in the house that is only for reading.',
        'Start with the chair, one you can sit in for an hour with your feet up. Add a lamp that shines over your shoulder rather than into your eyes, warm white and not too bright. A small table takes the tea and the book you are not reading.',
        'A blanket over the arm and a basket for the next books finish it. Leave the phone charging in another room, and see how many pages an evening holds.',
      ],
      author: 'Marieke de Boer',
    },
    'bike-lights': {
      title: 'Lights for the dark months',
      short: 'From October the evenings come early. Here is what the law asks and what we advise for cycling in the dark.',
      body: [
        'In both the Netherlands and Belgium a bike needs a white or yellow light at the front and a red one at the back when it is dark or visibility is poor. The lights must be steady, not flashing, and they must point at the road, not into the eyes of others.',
        'Reflectors matter too: red at the back, yellow on the pedals and on the wheels or tyres. Belgian rules also ask for a white reflector at the front.',
        'We advise rechargeable lights with a clip you can take along, so they are not stolen. Charge them on Sunday evening, and keep a spare set in your bag for the week the battery runs out.',
      ],
      author: 'Thomas Peeters',
    },
    'wharf-cellars': {
      title: 'Coffee on the Utrecht wharves',
      short: 'Along the Oudegracht the old cellars open onto the water: our favourite place for a coffee near the shop.',
      body: [
        'Utrecht’s Oudegracht is unlike any other canal. Its quays lie at water level, a storey below the street, and the cellars under the houses open straight onto them. Merchants once unloaded their goods there; now there are cafés, workshops and terraces.',
        'Our shop and pickup point is on the Oudegracht too. When you collect an order, take the steps down to the wharf and walk a stretch along the water: it is quiet even on a busy Saturday.',
        'In November the terraces get heaters and blankets. Order a coffee with a piece of Dutch apple pie and watch the boats go by.',
      ],
      author: 'Marieke de Boer',
    },
    gezellig: {
      title: 'Making your home gezellig',
      short: 'There is no English word for it, but you know it when you feel it: warm, together and at ease.',
      body: [
        'Gezellig is the Dutch word for a room, an evening or a company that feels warm and relaxed. It is not about what you own; it is about light, people and time.',
        'Light is the quickest way there. Switch off the ceiling light and use several small lamps at different heights, with warm bulbs. Candles on the table do the rest.',
        'Then the things you touch: a wool blanket on the sofa, a big mug of tea, a wooden board with something to share. Invite a few friends, put the phones away, and the word will explain itself.',
      ],
      author: 'Sophie Lambert',
    },
    speculoos: {
      title: 'Speculoos, the biscuit of Saint Nicholas',
      short: 'Spiced, crunchy and shaped in wooden moulds: speculoos belongs to the weeks before 6 December.',
      body: [
        'Speculoos (speculaas in the Netherlands) is a thin, crunchy biscuit with cinnamon, cloves, nutmeg and ginger. Traditionally the dough is pressed into carved wooden moulds showing Saint Nicholas, his horse or a windmill.',
        'Belgians also eat it the rest of the year, next to a coffee or as a spread on bread. The Dutch keep it mostly for the Sinterklaas season, together with pepernoten and chocolate letters.',
        'To bake your own, mix the spices a day ahead so their taste comes out, and let the dough rest overnight in the fridge. Roll it thin, and bake until the edges just turn dark.',
      ],
      author: 'Thomas Peeters',
    },
    sinterklaas: {
      title: 'Sinterklaas: presents on 5 and 6 December',
      short: 'In the Netherlands the presents come on the evening of 5 December, in Belgium on the morning of 6 December.',
      body: [
        'Saint Nicholas arrives by steamboat from Spain in mid-November, and for three weeks children put a shoe by the chimney in the evening, with a carrot for his horse. In the morning there may be a small present or a chocolate letter in it.',
        'In the Netherlands the big evening is 5 December, pakjesavond: presents come in a sack, often with a poem that teases the receiver. In Flanders and Wallonia children find their presents on the morning of 6 December, his feast day.',
        'Ordering presents from us? Look at our <a href="' +
          c.page('shipping') +
          '">shipping times</a>, and order by 1 December for delivery before the feast.',
      ],
      author: 'Marieke de Boer',
    },
    stroopwafels: {
      title: 'A stroopwafel on your coffee cup',
      short: 'Put the waffle on top of a hot cup for a minute: the syrup softens and the waffle bends.',
      body: [
        'A stroopwafel is two thin waffles with a layer of caramel syrup in between. They first came from Gouda, and every Dutch market has a stall where they are made fresh.',
        'At home, the trick is the cup. Lay the stroopwafel over a cup of hot coffee or tea for a minute or two. The steam warms the syrup, and the waffle becomes soft and a little chewy.',
        'Keep them in a tin rather than the fridge, and eat them within a few weeks. Not that they usually last that long.',
      ],
      author: 'Sophie Lambert',
    },
    'e-bike-battery': {
      title: 'Looking after an e-bike battery in winter',
      short: 'Cold shortens the range of an e-bike. A few habits keep the battery healthy until spring.',
      body: [
        'Lithium batteries dislike frost. Bring the battery inside after a ride and charge it at room temperature.',
        'Over a long break, store it about half full in a cool, dry place and top it up once a month.',
      ],
      author: 'Thomas Peeters',
    },
    'spring-cleaning': {
      title: 'Spring cleaning, the Dutch way',
      short: 'The Dutch are known for clean windows. Our plan for a fresh house in a weekend.',
      body: ['Start with the windows on a cloudy day, so the sun does not leave streaks.', 'Then one room at a time, from the top down.'],
      author: 'Sophie Lambert',
    },
  },
})
