/** The demo shop's legal notice and terms and conditions in English. */
import { DEMO_COMPANY } from './company'
import { branchLines, emailLink, officeLines, phoneLink } from './format'
import type { ContentContext, PageKey, PageText } from './types'

type LegalPage = Extract<PageKey, 'imprint' | 'terms-and-conditions'>

export function englishLegalPages(c: ContentContext): Record<LegalPage, PageText> {
  const d = DEMO_COMPANY
  return {
    imprint: {
      title: 'Legal notice',
      meta_title: 'Legal notice | Polder B.V.',
      meta_description:
        'Company details of Polder B.V.: registered office in Utrecht, Chamber of Commerce and VAT numbers, Belgian branch and contact details.',
      content: `<h1>Legal notice</h1>
<p>This online shop is operated by:</p>
<address>${officeLines('en')}</address>
<table>
<tbody>
<tr><th scope="row">Legal form</th><td>Private limited company (besloten vennootschap, B.V.) under Dutch law</td></tr>
<tr><th scope="row">Chamber of Commerce (KvK)</th><td>${d.kvk}</td></tr>
<tr><th scope="row">VAT identification number</th><td>${d.vatId}</td></tr>
<tr><th scope="row">E-mail</th><td>${emailLink()}</td></tr>
<tr><th scope="row">Phone</th><td>${phoneLink()}</td></tr>
</tbody>
</table>
<h2>Belgian branch</h2>
<address>${d.legalName}, Belgian branch<br />${branchLines('en')}</address>
<p>Crossroads Bank for Enterprises (KBO/BCE): ${d.belgianBranch.kbo}</p>
<h2>Contents of this website</h2>
<p>We take care to keep the information in this shop correct and up to date. Obvious mistakes in prices or product descriptions do not bind us; if one affects your order, we contact you before shipping it.</p>
<p>The texts, photographs and designs in this shop are ours or used with permission. Please do not copy them without our written consent.</p>
<p>See also our <a href="${c.page('terms-and-conditions')}">terms and conditions</a> and <a href="${c.page('privacy-policy')}">privacy policy</a>.</p>`,
    },
    'terms-and-conditions': {
      title: 'Terms and conditions',
      meta_title: 'Terms and conditions | Polder',
      meta_description: 'The general terms and conditions of Polder B.V. for purchases in the online shop by consumers in the Netherlands and Belgium.',
      content: `<h1>Terms and conditions</h1>
<p>These terms apply to every order placed in the Polder online shop by a consumer. They are available in English, Dutch and French.</p>
<h2>1. Who we are</h2>
<p>${d.legalName}, ${d.office.street}, ${d.office.postcode} ${d.office.city}, the Netherlands; Chamber of Commerce ${d.kvk}; VAT ${d.vatId}; ${emailLink()}. Full details are in our <a href="${c.page('imprint')}">legal notice</a>.</p>
<h2>2. Offer and prices</h2>
<ul>
<li>All prices are in euros and include VAT at the rate of the country we deliver to.</li>
<li>Shipping costs are shown before you order; see <a href="${c.page('shipping')}">shipping</a>.</li>
<li>An offer is valid while stocks last. Obvious errors in an offer do not bind us.</li>
</ul>
<h2>3. The contract</h2>
<p>The contract is concluded when you complete your order and we confirm it by e-mail. We keep a copy of the contract; you can view your orders in your account.</p>
<h2>4. Payment</h2>
<p>You pay when you order, with one of the payment methods offered at checkout, or at the pickup point when you collect. An order paid by bank transfer is shipped once we have received the payment.</p>
<h2>5. Delivery</h2>
<p>We deliver to the Netherlands and Belgium, normally within three working days and at the latest within 30 days. If we cannot deliver in time, we tell you and you may cancel the order free of charge. The risk of loss passes to you when the parcel is delivered to you or to someone you named.</p>
<h2>6. Right of withdrawal</h2>
<p>You may withdraw from the contract within 14 days after receiving the goods, without giving a reason. How this works, the exceptions and the model withdrawal form are described on our <a href="${c.page('returns')}">returns</a> page.</p>
<h2>7. Guarantee and conformity</h2>
<p>Our products meet the contract and the legal guarantee applies: if a product turns out to be defective within two years of delivery, you are entitled to repair or replacement, or else a price reduction or refund. A manufacturer's warranty comes on top of these rights.</p>
<h2>8. Complaints</h2>
<p>Please send complaints to ${emailLink()} with your order number. We confirm receipt within two working days and answer within 14 days.</p>
<h2>9. Applicable law</h2>
<p>Dutch law applies to these terms. If you live in Belgium, you keep the protection of the mandatory rules of Belgian law. You may always bring a dispute before the competent court where you live.</p>`,
    },
  }
}
