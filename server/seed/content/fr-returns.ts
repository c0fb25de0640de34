/** The demo shop's returns page in French, with the model withdrawal form; spacing as in fr-shop.ts. */
import { DEMO_COMPANY } from './company'
import { emailLink, officeLines } from './format'
import type { ContentContext, PageText } from './types'
import { withdrawalForm } from './withdrawal-form'

export function frenchReturnsPage(c: ContentContext): PageText {
  const form = withdrawalForm(
    {
      heading: 'Formulaire de rétractation',
      instruction: '(veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat)',
      to: 'À l’attention de :',
      statement:
        'Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :',
      fields: [
        'Commandé le (*)/reçu le (*)',
        'Nom du (des) consommateur(s)',
        'Adresse du (des) consommateur(s)',
        'Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier)',
        'Date',
      ],
      deleteNote: '(*) Rayez la mention inutile.',
    },
    'fr',
  )
  return {
    title: 'Retours',
    meta_title: 'Retours et droit de rétractation de 14 jours | Polder',
    meta_description:
      'Vous avez changé d’avis ? Vous disposez de 14 jours après la livraison pour vous rétracter. Comment renvoyer un produit, le remboursement et le formulaire de rétractation.',
    content: `<h1>Retours</h1>
<p>Votre achat ne vous convient pas ? En tant que consommateur, vous pouvez vous rétracter dans les 14 jours, sans donner de motif.</p>
<h2>Votre droit de rétractation</h2>
<ul>
<li>Le délai de 14 jours court à partir du lendemain du jour où vous, ou une personne que vous avez désignée (autre que le transporteur), avez reçu le produit. Pour une commande livrée en plusieurs colis, il court à partir de la réception du dernier.</li>
<li>Pour vous rétracter, informez-nous avant la fin du délai : envoyez un e-mail à ${emailLink()} ou utilisez le formulaire de rétractation ci-dessous. Vous n’avez pas à donner de motif.</li>
<li>Vous pouvez manipuler le produit comme vous le feriez en magasin, pour en établir la nature et le fonctionnement. S’il a perdu de la valeur parce que vous l’avez manipulé au-delà, nous pouvons déduire cette dépréciation.</li>
</ul>
<h2>Comment renvoyer un produit</h2>
<ol>
<li>Informez-nous de votre rétractation en indiquant votre numéro de commande.</li>
<li>Emballez soigneusement le produit, si possible dans son emballage d’origine, avec tous ses éléments.</li>
<li>Renvoyez-le dans les 14 jours suivant votre notification à l’adresse ci-dessous, ou rapportez-le à notre magasin d’Utrecht.</li>
</ol>
<address>${officeLines('fr')}</address>
<p>Les frais de renvoi sont à votre charge. Le retour en magasin est gratuit.</p>
<h2>Remboursement</h2>
<p>Nous remboursons la totalité du montant payé, y compris les frais de livraison standard, dans les 14 jours suivant la réception de votre rétractation. Nous utilisons le moyen de paiement que vous avez utilisé, sauf si vous acceptez un autre moyen. Nous pouvons différer le remboursement jusqu’à la récupération du produit ou jusqu’à ce que vous ayez prouvé l’avoir renvoyé, la date la plus proche étant retenue.</p>
<h2>Exceptions</h2>
<ul>
<li>les produits confectionnés selon vos spécifications, comme les articles gravés ;</li>
<li>les denrées et autres biens susceptibles de se détériorer rapidement ou dont la date limite est proche ;</li>
<li>les biens scellés qui ne peuvent être renvoyés pour des raisons d’hygiène ou de protection de la santé, une fois descellés.</li>
</ul>
<p>Un produit arrivé endommagé ou défectueux est couvert par la garantie légale ; <a href="${c.page('contact')}">contactez-nous</a> et nous trouverons une solution. Les conditions complètes figurent dans nos <a href="${c.page('terms-and-conditions')}">conditions générales</a>.</p>
<p>Société : ${DEMO_COMPANY.legalName}, KvK ${DEMO_COMPANY.kvk}.</p>
${form}`,
  }
}
