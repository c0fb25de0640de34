/** The demo shop's returns page in English, with the model withdrawal form. */
import { DEMO_COMPANY } from './company'
import { emailLink, officeLines } from './format'
import type { ContentContext, PageText } from './types'
import { withdrawalForm } from './withdrawal-form'

export function englishReturnsPage(c: ContentContext): PageText {
  const form = withdrawalForm(
    {
      heading: 'Model withdrawal form',
      instruction: '(complete and return this form only if you wish to withdraw from the contract)',
      to: 'To:',
      statement:
        'I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*):',
      fields: [
        'Ordered on (*)/received on (*)',
        'Name of consumer(s)',
        'Address of consumer(s)',
        'Signature of consumer(s) (only if this form is notified on paper)',
        'Date',
      ],
      deleteNote: '(*) Delete as appropriate.',
    },
    'en',
  )
  return {
    title: 'Returns',
    meta_title: 'Returns and your 14-day right of withdrawal | Polder',
    meta_description:
      'Changed your mind? You have 14 days after delivery to withdraw from your purchase. How to return a product, refunds and the model withdrawal form.',
    content: `<h1>Returns</h1>
<p>Not happy with your purchase? As a consumer you may withdraw from your purchase within 14 days, without giving a reason.</p>
<h2>Your right of withdrawal</h2>
<ul>
<li>The 14 days start on the day after you, or someone you named (not the carrier), received the product. For an order delivered in several parcels, they start when you received the last one.</li>
<li>To withdraw, tell us before the 14 days are over: send an e-mail to ${emailLink()} or use the model withdrawal form below. You need not give a reason.</li>
<li>You may handle the product as you would in a shop, to see what it is and how it works. If it has lost value because you handled it more than that, we may deduct the loss of value.</li>
</ul>
<h2>How to return a product</h2>
<ol>
<li>Let us know that you withdraw, with your order number.</li>
<li>Pack the product well, if possible in its original packaging, with all its parts.</li>
<li>Send it within 14 days after your notice to the address below, or bring it to our shop in Utrecht.</li>
</ol>
<address>${officeLines('en')}</address>
<p>The cost of sending a product back is yours. Returning it to our shop is free.</p>
<h2>Refunds</h2>
<p>We refund the full amount you paid, including the standard delivery costs, within 14 days of receiving your withdrawal. We use the payment method you paid with, unless you agree to another. We may wait with the refund until we have received the product back or you have shown that you sent it, whichever comes first.</p>
<h2>Exceptions</h2>
<ul>
<li>products made to your specification, such as engraved items;</li>
<li>food and other goods that spoil quickly or whose use-by date is close;</li>
<li>sealed goods that are not suitable for return for health or hygiene reasons, once unsealed.</li>
</ul>
<p>A product that arrives damaged or defective is covered by the legal guarantee; <a href="${c.page('contact')}">contact us</a> and we will sort it out. The full terms are in our <a href="${c.page('terms-and-conditions')}">terms and conditions</a>.</p>
<p>Company: ${DEMO_COMPANY.legalName}, Chamber of Commerce ${DEMO_COMPANY.kvk}.</p>
${form}`,
  }
}
