/** The demo shop's privacy and cookie policies in French; spacing as in fr-shop.ts. */
import { DEMO_COMPANY } from './company'
import { emailLink, officeLines } from './format'
import type { ContentContext, PageKey, PageText } from './types'

type PrivacyPage = Extract<PageKey, 'privacy-policy' | 'cookie-policy'>

export function frenchPrivacyPages(c: ContentContext): Record<PrivacyPage, PageText> {
  return {
    'privacy-policy': {
      title: 'Politique de confidentialité',
      meta_title: 'Politique de confidentialité | Polder',
      meta_description:
        'Comment Polder B.V. traite vos données personnelles : finalités, bases juridiques, durées de conservation, vos droits selon le RGPD et où porter plainte.',
      content: `<h1>Politique de confidentialité</h1>
<p>Nous utilisons vos données personnelles uniquement pour faire fonctionner cette boutique et vous servir. Cette politique explique ce que nous traitons, pourquoi, combien de temps, et quels sont vos droits selon le Règlement général sur la protection des données (RGPD).</p>
<h2>Responsable du traitement</h2>
<address>${officeLines('fr')}</address>
<p>KvK ${DEMO_COMPANY.kvk}. Questions sur la vie privée : ${emailLink(DEMO_COMPANY.privacyEmail)}.</p>
<h2>Ce que nous traitons, pourquoi et sur quelle base</h2>
<table>
<thead><tr><th scope="col">Finalité</th><th scope="col">Données</th><th scope="col">Base juridique (art. 6, par. 1, RGPD)</th></tr></thead>
<tbody>
<tr><td>Traiter votre commande : livraison, paiement et retours</td><td>Nom, adresses, e-mail, téléphone, données de commande et de paiement</td><td>b) exécution du contrat</td></tr>
<tr><td>Votre compte client</td><td>Identifiants, carnet d’adresses, historique des commandes</td><td>b) exécution du contrat</td></tr>
<tr><td>Factures et comptabilité</td><td>Données de commande, de facturation et de paiement, numéro de TVA</td><td>c) obligation légale</td></tr>
<tr><td>Service client</td><td>Vos messages et la commande concernée</td><td>b) contrat et f) intérêt légitime</td></tr>
<tr><td>Newsletter</td><td>Adresse e-mail, langue</td><td>a) consentement, que vous pouvez retirer à tout moment</td></tr>
<tr><td>Prévenir la fraude et sécuriser la boutique</td><td>Données techniques, statut du paiement</td><td>f) intérêt légitime</td></tr>
</tbody>
</table>
<h2>Qui reçoit vos données</h2>
<p>Nous ne partageons que le nécessaire avec notre prestataire de paiement, le transporteur qui livre votre colis et notre hébergeur. Ils agissent en tant que sous-traitants liés par un contrat ou, pour les paiements, sous leur propre responsabilité. Nous ne vendons pas vos données. Vos données sont conservées dans l’Union européenne.</p>
<h2>Durée de conservation</h2>
<ul>
<li>Commandes et factures : sept ans (droit fiscal néerlandais), dix ans lorsque les règles belges en matière de TVA l’exigent.</li>
<li>Votre compte : jusqu’à sa suppression.</li>
<li>Messages au service client : deux ans après la clôture de la question.</li>
<li>Newsletter : jusqu’à votre désinscription.</li>
</ul>
<h2>Vos droits</h2>
<ul>
<li>accès à vos données et copie de celles-ci, y compris dans un format lisible par machine (portabilité) ;</li>
<li>rectification des données inexactes et effacement des données dont nous n’avons plus besoin ;</li>
<li>limitation du traitement, et opposition au traitement fondé sur l’intérêt légitime ;</li>
<li>retrait de votre consentement, sans effet sur les traitements antérieurs.</li>
</ul>
<p>Vous pouvez télécharger ou supprimer vos données vous-même dans <em>Mon compte</em>, ou adresser une demande à ${emailLink(DEMO_COMPANY.privacyEmail)}. Nous répondons dans un délai d’un mois.</p>
<h2>Réclamations</h2>
<p>Nous préférons en être informés d’abord. Vous avez aussi le droit d’introduire une réclamation auprès d’une autorité de contrôle :</p>
<ul>
<li>Belgique : l’Autorité de protection des données (APD), <a href="https://www.autoriteprotectiondonnees.be">autoriteprotectiondonnees.be</a> ;</li>
<li>Pays-Bas : l’Autoriteit Persoonsgegevens (AP), <a href="https://autoriteitpersoonsgegevens.nl">autoriteitpersoonsgegevens.nl</a>, notre autorité chef de file.</li>
</ul>
<p>L’utilisation des cookies et techniques similaires est décrite dans notre <a href="${c.page('cookie-policy')}">politique en matière de cookies</a>.</p>`,
    },
    'cookie-policy': {
      title: 'Politique en matière de cookies',
      meta_title: 'Politique en matière de cookies | Polder',
      meta_description:
        'Polder n’utilise que les cookies et le stockage du navigateur nécessaires au fonctionnement de la boutique : aucun cookie publicitaire ou de pistage.',
      content: `<h1>Politique en matière de cookies</h1>
<p>Les cookies sont de petits fichiers qu’un site enregistre dans votre navigateur. Comme eux, le stockage local du navigateur conserve des informations sur votre appareil. Cette boutique n’utilise l’un et l’autre que là où c’est nécessaire à son fonctionnement.</p>
<h2>Ce que nous enregistrons</h2>
<table>
<thead><tr><th scope="col">Quoi</th><th scope="col">Pourquoi</th><th scope="col">Durée</th></tr></thead>
<tbody>
<tr><td>Panier</td><td>Garde les produits que vous avez ajoutés</td><td>Jusqu’à la commande ou jusqu’à ce que vous le vidiez</td></tr>
<tr><td>Connexion</td><td>Vous garde connecté à votre compte</td><td>Jusqu’à la déconnexion</td></tr>
<tr><td>Langue et boutique</td><td>Affiche la boutique dans la langue choisie</td><td>Un an</td></tr>
<tr><td>Copie hors ligne de la boutique</td><td>Permet une navigation rapide, même sans connexion</td><td>Jusqu’à la version suivante de la boutique</td></tr>
</tbody>
</table>
<p>Ils sont strictement nécessaires et ne requièrent donc pas de consentement. Nous n’utilisons aucun cookie publicitaire ou de pistage, et aucun tiers ne dépose de cookies par notre boutique.</p>
<h2>Pages de paiement</h2>
<p>Lorsque vous payez, vous passez sur la page de notre prestataire de paiement ou de votre banque. Ceux-ci peuvent utiliser leurs propres cookies ; leur propre politique s’applique.</p>
<h2>Supprimer les cookies</h2>
<p>Vous pouvez à tout moment supprimer les cookies et les données enregistrées dans les paramètres de votre navigateur. La boutique oublie alors votre panier et vous déconnecte.</p>
<p>Plus d’informations sur vos données dans notre <a href="${c.page('privacy-policy')}">politique de confidentialité</a>.</p>`,
    },
  }
}
