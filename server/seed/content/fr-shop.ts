/**
 * The demo shop's service pages and footer blocks in French (store view fr, Belgian French). The
 * text is written with an ordinary space before : ; ? and !; index.ts turns it into the narrow
 * no-break space French typography asks for, so the sources stay readable.
 */
import { DEMO_COMPANY } from './company'
import { emailLink, hoursList, officeLines, phoneLink } from './format'
import type { BlockKey, BlockText, ContentContext, PageKey, PageText } from './types'

type ShopPage = Extract<PageKey, 'about-us' | 'contact' | 'shipping' | 'faq'>

export function frenchShopPages(c: ContentContext): Record<ShopPage, PageText> {
  return {
    'about-us': {
      title: 'À propos',
      meta_title: 'À propos de Polder | Le design des Plats Pays, livré chez vous',
      meta_description:
        'Polder est une boutique en ligne d’Utrecht pour la maison, le vélo et la gastronomie des Plats Pays, qui livre aux Pays-Bas et en Belgique.',
      content: `<h1>À propos de Polder</h1>
<p>Polder est une boutique en ligne établie à Utrecht. Nous vendons des articles pour la maison, des accessoires de vélo, des livres et des produits gourmands fabriqués dans les Plats Pays ou inspirés par eux, et nous les livrons aux Pays-Bas et en Belgique.</p>
<h2>Nos engagements</h2>
<ul>
<li><strong>Des prix clairs.</strong> Tous nos prix sont TVA comprise et la livraison coûte un forfait unique.</li>
<li><strong>Une boutique, trois langues.</strong> Achetez en français, en néerlandais ou en anglais : les produits, les prix et le service sont les mêmes.</li>
<li><strong>De vraies personnes.</strong> Notre service client à Utrecht répond à vos questions par e-mail et par téléphone.</li>
</ul>
<h2>Venez nous voir</h2>
<p>Vous êtes le bienvenu dans notre magasin et point de retrait sur l’Oudegracht à Utrecht. Commandez en ligne et retirez votre colis gratuitement, ou passez simplement nous voir.</p>
<p>Des questions ? Consultez notre <a href="${c.page('faq')}">foire aux questions</a> ou <a href="${c.page('contact')}">contactez-nous</a>.</p>`,
    },
    contact: {
      title: 'Contact',
      meta_title: 'Contacter le service client de Polder',
      meta_description: 'Contactez Polder par e-mail ou par téléphone, ou passez à notre point de retrait à Utrecht. Horaires et adresses.',
      content: `<h1>Contactez-nous</h1>
<p>Notre service client vous aide volontiers pour vos commandes, les livraisons, les retours et vos questions sur nos produits. Gardez votre numéro de commande à portée de main.</p>
<h2>Service client</h2>
<ul>
<li>E-mail : ${emailLink()} (réponse dans un jour ouvrable)</li>
<li>Téléphone : ${phoneLink()}</li>
</ul>
<h3>Horaires</h3>
${hoursList(DEMO_COMPANY.serviceHours, 'fr')}
<h2>Magasin et point de retrait</h2>
<address>${officeLines('fr')}</address>
${hoursList(DEMO_COMPANY.pickupHours, 'fr')}
<h2>Informations sur l’entreprise</h2>
<p>KvK ${DEMO_COMPANY.kvk}, TVA ${DEMO_COMPANY.vatId}. Toutes les informations figurent dans nos <a href="${c.page('imprint')}">mentions légales</a>.</p>`,
    },
    shipping: {
      title: 'Livraison et retrait',
      meta_title: 'Livraison aux Pays-Bas et en Belgique | Polder',
      meta_description: `Polder livre aux Pays-Bas et en Belgique pour un forfait de ${c.flatRate}, ou retirez gratuitement votre commande à notre point de retrait d’Utrecht.`,
      content: `<h1>Livraison et retrait</h1>
<p>Nous livrons aux Pays-Bas et en Belgique. Vous choisissez le mode de livraison au moment de commander.</p>
<table>
<thead><tr><th scope="col">Mode</th><th scope="col">Prix</th><th scope="col">Délai</th></tr></thead>
<tbody>
<tr><td>Livraison à domicile (NL et BE)</td><td>Forfait de ${c.flatRate}, TVA comprise</td><td>Pays-Bas : 1 à 2 jours ouvrables ; Belgique : 2 à 3 jours ouvrables</td></tr>
<tr><td>Retrait en magasin à Utrecht</td><td>Gratuit</td><td>En général prêt le jour ouvrable suivant</td></tr>
</tbody>
</table>
<h2>Livraison à domicile</h2>
<p>Un forfait unique par commande, quels que soient sa taille et son poids. Avec un code promo de livraison gratuite, la livraison ne coûte rien. Dès que votre colis quitte notre entrepôt, vous recevez un e-mail avec un lien de suivi.</p>
<h2>Retrait en magasin</h2>
<p>Choisissez <em>Retrait en magasin</em> lors de la commande et retirez-la à l’adresse suivante :</p>
<address>${officeLines('fr')}</address>
${hoursList(DEMO_COMPANY.pickupHours, 'fr')}
<p>Nous vous envoyons un e-mail dès que votre commande est prête. Munissez-vous de votre numéro de commande ; vous pouvez aussi payer sur place.</p>
<h2>Absent lors de la livraison ?</h2>
<p>Le livreur essaie de déposer votre colis chez un voisin ou laisse un avis de passage pour le retirer dans un point relais proche.</p>
<p>Vous souhaitez renvoyer un article ? Consultez la page <a href="${c.page('returns')}">retours</a>.</p>`,
    },
    faq: {
      title: 'Questions fréquentes',
      meta_title: 'Questions fréquentes | Polder',
      meta_description: 'Les réponses aux questions fréquentes sur la commande, le paiement, la livraison, les retours et votre compte chez Polder.',
      content: `<h1>Questions fréquentes</h1>
<h2>Commander et payer</h2>
<dl>
<dt>Quels modes de paiement acceptez-vous ?</dt>
<dd>Bancontact, iDEAL, les boutons de paiement KBC/CBC et Belfius, les cartes de crédit et de débit, PayPal, Apple Pay, Google Pay et le virement. Si vous retirez votre commande, vous pouvez aussi payer au point de retrait.</dd>
<dt>Vos prix sont-ils TVA comprise ?</dt>
<dd>Oui. Tous les prix comprennent la TVA du pays de livraison. Les entreprises disposant d’un numéro de TVA valable dans un autre pays de l’UE peuvent commander hors TVA.</dd>
<dt>Puis-je modifier ou annuler ma commande ?</dt>
<dd>Contactez-nous au plus vite. Tant que votre commande n’est pas expédiée, nous pouvons généralement la modifier ou l’annuler.</dd>
</dl>
<h2>Livraison</h2>
<dl>
<dt>Où livrez-vous et à quel prix ?</dt>
<dd>Nous livrons aux Pays-Bas et en Belgique pour ${c.flatRate} par commande, ou vous retirez gratuitement votre commande à Utrecht. Voir <a href="${c.page('shipping')}">livraison</a>.</dd>
<dt>Quel est le délai de livraison ?</dt>
<dd>Un à deux jours ouvrables aux Pays-Bas, deux à trois en Belgique.</dd>
</dl>
<h2>Retours</h2>
<dl>
<dt>Puis-je renvoyer un produit ?</dt>
<dd>Oui, vous disposez de 14 jours après la livraison pour vous rétracter sans donner de motif. Voir <a href="${c.page('returns')}">retours</a>.</dd>
<dt>Quand serai-je remboursé ?</dt>
<dd>Dans les 14 jours suivant votre rétractation, par le moyen de paiement que vous avez utilisé. Nous pouvons attendre d’avoir récupéré le produit.</dd>
</dl>
<h2>Votre compte</h2>
<dl>
<dt>Faut-il un compte pour commander ?</dt>
<dd>Non, vous pouvez commander sans compte. Un compte vous permet de suivre vos commandes et de commander à nouveau rapidement.</dd>
<dt>Comment télécharger ou supprimer mes données ?</dt>
<dd>Dans <em>Mon compte</em>, sous les paramètres de confidentialité. Plus d’informations dans notre <a href="${c.page('privacy-policy')}">politique de confidentialité</a>.</dd>
</dl>
<p>Vous n’avez pas trouvé votre réponse ? <a href="${c.page('contact')}">Contactez-nous</a>.</p>`,
    },
  }
}

export function frenchBlocks(c: ContentContext): Record<BlockKey, BlockText> {
  return {
    'footer-customer-service': {
      title: 'Service client',
      content: `<h3>Service client</h3>
<ul>
<li><a href="${c.page('contact')}">Contact</a></li>
<li><a href="${c.page('shipping')}">Livraison et retrait</a></li>
<li><a href="${c.page('returns')}">Retours</a></li>
<li><a href="${c.page('faq')}">Questions fréquentes</a></li>
</ul>`,
    },
    'footer-legal': {
      title: 'Informations légales',
      content: `<h3>Informations légales</h3>
<ul>
<li><a href="${c.page('terms-and-conditions')}">Conditions générales</a></li>
<li><a href="${c.page('privacy-policy')}">Politique de confidentialité</a></li>
<li><a href="${c.page('cookie-policy')}">Politique en matière de cookies</a></li>
<li><a href="${c.page('imprint')}">Mentions légales</a></li>
</ul>`,
    },
    'footer-about': {
      title: 'À propos de Polder',
      content: `<p>Polder est une boutique en ligne d’Utrecht pour la maison, le vélo et la gastronomie des Plats Pays. <a href="${c.page('about-us')}">À propos</a></p>`,
    },
    'home-intro': {
      title: 'Bienvenue chez Polder',
      content: `<h2>Bienvenue chez Polder</h2>
<p>La maison, le vélo, les livres et la gastronomie des Plats Pays, choisis à Utrecht et livrés chez vous en Belgique et aux Pays-Bas.</p>
<ul>
<li>Un tarif unique de ${c.flatRate} par commande, ou <a href="${c.page('shipping')}">retirez-la gratuitement</a> à notre point de retrait d’Utrecht.</li>
<li>Vous changez d’avis ? Vous disposez de 14 jours pour <a href="${c.page('returns')}">nous la renvoyer</a>.</li>
<li>Une question ? Notre <a href="${c.page('contact')}">service client</a> répond en un jour ouvrable.</li>
</ul>`,
    },
  }
}
