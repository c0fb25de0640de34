/** The demo shop's legal notice (mentions légales) and terms and conditions in French; spacing as in fr-shop.ts. */
import { DEMO_COMPANY } from './company'
import { branchLines, emailLink, officeLines, phoneLink } from './format'
import type { ContentContext, PageKey, PageText } from './types'

type LegalPage = Extract<PageKey, 'imprint' | 'terms-and-conditions'>

export function frenchLegalPages(c: ContentContext): Record<LegalPage, PageText> {
  const d = DEMO_COMPANY
  return {
    imprint: {
      title: 'Mentions légales',
      meta_title: 'Mentions légales | Polder B.V.',
      meta_description: 'Informations sur Polder B.V. : siège social à Utrecht, numéros KvK et TVA, succursale belge et coordonnées.',
      content: `<h1>Mentions légales</h1>
<p>Cette boutique en ligne est exploitée par :</p>
<address>${officeLines('fr')}</address>
<table>
<tbody>
<tr><th scope="row">Forme juridique</th><td>Société à responsabilité limitée de droit néerlandais (besloten vennootschap, B.V.)</td></tr>
<tr><th scope="row">Chambre de commerce néerlandaise (KvK)</th><td>${d.kvk}</td></tr>
<tr><th scope="row">Numéro de TVA</th><td>${d.vatId}</td></tr>
<tr><th scope="row">E-mail</th><td>${emailLink()}</td></tr>
<tr><th scope="row">Téléphone</th><td>${phoneLink()}</td></tr>
</tbody>
</table>
<h2>Succursale belge</h2>
<address>${d.legalName}, succursale belge<br />${branchLines('fr')}</address>
<p>Numéro d’entreprise (BCE) : ${d.belgianBranch.kbo}</p>
<h2>Contenu de ce site</h2>
<p>Nous veillons à ce que les informations de cette boutique soient exactes et à jour. Les erreurs manifestes de prix ou de description ne nous engagent pas ; si l’une d’elles concerne votre commande, nous vous contactons avant l’expédition.</p>
<p>Les textes, photos et créations de cette boutique nous appartiennent ou sont utilisés avec autorisation. Merci de ne pas les copier sans notre accord écrit.</p>
<p>Voir aussi nos <a href="${c.page('terms-and-conditions')}">conditions générales</a> et notre <a href="${c.page('privacy-policy')}">politique de confidentialité</a>.</p>`,
    },
    'terms-and-conditions': {
      title: 'Conditions générales',
      meta_title: 'Conditions générales de vente | Polder',
      meta_description:
        'Les conditions générales de Polder B.V. pour les achats effectués dans la boutique en ligne par les consommateurs des Pays-Bas et de Belgique.',
      content: `<h1>Conditions générales</h1>
<p>Ces conditions s’appliquent à toute commande passée par un consommateur dans la boutique en ligne Polder. Elles sont disponibles en français, en néerlandais et en anglais.</p>
<h2>1. Qui sommes-nous ?</h2>
<p>${d.legalName}, ${d.office.street}, ${d.office.postcode} ${d.office.city}, Pays-Bas ; KvK ${d.kvk} ; TVA ${d.vatId} ; ${emailLink()}. Toutes les informations figurent dans nos <a href="${c.page('imprint')}">mentions légales</a>.</p>
<h2>2. Offre et prix</h2>
<ul>
<li>Tous les prix sont en euros, TVA comprise au taux du pays de livraison.</li>
<li>Les frais de livraison sont indiqués avant la commande ; voir <a href="${c.page('shipping')}">livraison</a>.</li>
<li>Une offre est valable dans la limite des stocks disponibles. Les erreurs manifestes ne nous engagent pas.</li>
</ul>
<h2>3. Le contrat</h2>
<p>Le contrat est conclu lorsque vous finalisez votre commande et que nous la confirmons par e-mail. Nous conservons le contrat ; vos commandes sont consultables dans votre compte.</p>
<h2>4. Paiement</h2>
<p>Vous payez lors de la commande avec l’un des modes de paiement proposés, ou au point de retrait lorsque vous retirez votre commande. Une commande payée par virement est expédiée dès réception du paiement.</p>
<h2>5. Livraison</h2>
<p>Nous livrons aux Pays-Bas et en Belgique, en général sous trois jours ouvrables et au plus tard sous 30 jours. Si nous ne pouvons pas livrer à temps, nous vous prévenons et vous pouvez annuler la commande sans frais. Le risque de perte vous est transféré lorsque le colis vous est remis, à vous ou à la personne que vous avez désignée.</p>
<h2>6. Droit de rétractation</h2>
<p>Vous pouvez vous rétracter du contrat dans les 14 jours suivant la réception des biens, sans donner de motif. Le fonctionnement, les exceptions et le formulaire de rétractation figurent sur la page <a href="${c.page('returns')}">retours</a>.</p>
<h2>7. Garantie et conformité</h2>
<p>Nos produits sont conformes au contrat et la garantie légale s’applique : si un produit se révèle défectueux dans les deux ans suivant la livraison, vous avez droit à la réparation ou au remplacement, à défaut à une réduction du prix ou au remboursement. Une garantie du fabricant s’y ajoute.</p>
<h2>8. Réclamations</h2>
<p>Adressez vos réclamations à ${emailLink()} en indiquant votre numéro de commande. Nous accusons réception sous deux jours ouvrables et répondons sous 14 jours.</p>
<h2>9. Droit applicable</h2>
<p>Ces conditions sont régies par le droit néerlandais. Si vous résidez en Belgique, vous conservez la protection des dispositions impératives du droit belge. Vous pouvez toujours porter un litige devant le tribunal compétent de votre domicile.</p>`,
    },
  }
}
