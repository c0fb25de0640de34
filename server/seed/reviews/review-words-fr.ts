import type { ReviewWords } from './review-words'

/** French reviews of the demo shop (U+202F before : ; ? !, as the dictionaries write them). */
export const FR_REVIEW_WORDS: ReviewWords = {
  titles: [
    ['Déçu', 'Pas ce que j’attendais', 'Renvoyé'],
    ['Peut mieux faire', 'Plus joli en photo', 'Moyen'],
    ['Correct, sans plus', 'Bien pour le prix', 'Avis partagé'],
    ['Très satisfait', 'Bon rapport qualité-prix', 'Fait ce qu’on lui demande', 'Belle qualité', 'Je le rachèterais', 'Un choix solide'],
    ['Je l’adore', 'Excellent\u202f!', 'Mieux que prévu', 'Parfait', 'Qualité au top', 'Je recommande vivement', 'Très bon achat'],
  ],
  texts: [
    [
      'La qualité n’est pas à la hauteur du prix. Après une semaine, il montrait déjà des signes d’usure.',
      'Rien à voir avec les photos. Heureusement, le retour a été simple.',
      'Malheureusement, il s’est cassé dès la deuxième utilisation. Le service client a été aimable, cela dit.',
    ],
    [
      'Il fonctionne, mais la finition est un peu grossière et la couleur plus terne que sur le site.',
      'Livraison rapide, mais le produit paraît moins bien fini que je ne l’espérais.',
      'Ni bon ni mauvais. Pour ce prix, je m’attendais à mieux.',
    ],
    [
      'Il fait le travail. Rien à redire, mais rien de remarquable non plus.',
      'Suffisant pour un usage quotidien. La taille est un peu petite, à savoir avant de commander.',
      'Correct dans l’ensemble, même si la notice aurait pu être plus claire.',
    ],
    [
      'Bonne qualité, livré bien emballé le lendemain de ma commande. Une étoile en moins car la couleur est un peu plus claire que sur la photo.',
      'Exactement ce qu’il me fallait. Confortable et bien fait.',
      'Je l’utilise depuis un mois et il est comme neuf. Content de mon achat.',
      'Joli design et robuste. Le prix est juste pour ce que l’on reçoit.',
      'Acheté en cadeau et très apprécié. Je recommanderai sur ce site.',
      'Produit solide. Un petit temps d’adaptation, mais je m’en sers tous les jours maintenant.',
    ],
    [
      'Qualité fantastique, conforme à la description. Livré en deux jours. Je suis ravie.',
      'C’est le deuxième que j’achète, cette fois pour ma sœur. Nous l’adorons toutes les deux.',
      'Magnifiquement fait, on sent qu’il durera des années. Il vaut chaque centime.',
      'Au-delà de mes attentes. Les finitions sont soignées et la taille est parfaite.',
      'Commandé le dimanche, reçu le mardi. Super produit et super service.',
      'J’ai beaucoup comparé avant d’acheter et je ne regrette pas mon choix. Je recommande vivement.',
      'Tout simplement parfait. Confortable, pratique et en plus très joli.',
    ],
  ],
  nicknames: ['Camille', 'Julien', 'Sophie de Namur', 'Nicolas', 'Élodie', 'Thomas', 'Manon', 'Antoine', 'Claire L.', 'Maxime', 'Chloé', 'Luc de Liège'],
}
