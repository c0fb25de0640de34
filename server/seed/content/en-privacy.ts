/** The demo shop's privacy and cookie policies in English. */
import { DEMO_COMPANY } from './company'
import { emailLink, officeLines } from './format'
import type { ContentContext, PageKey, PageText } from './types'

type PrivacyPage = Extract<PageKey, 'privacy-policy' | 'cookie-policy'>

export function englishPrivacyPages(c: ContentContext): Record<PrivacyPage, PageText> {
  return {
    'privacy-policy': {
      title: 'Privacy policy',
      meta_title: 'Privacy policy | Polder',
      meta_description: 'How Polder B.V. processes your personal data: purposes, legal bases, retention periods, your GDPR rights and where to complain.',
      content: `<h1>Privacy policy</h1>
<p>We only use your personal data to run this shop and to serve you. This policy explains what we process, why, for how long, and what your rights are under the General Data Protection Regulation (GDPR).</p>
<h2>Controller</h2>
<address>${officeLines('en')}</address>
<p>Chamber of Commerce ${DEMO_COMPANY.kvk}. Questions about privacy: ${emailLink(DEMO_COMPANY.privacyEmail)}.</p>
<h2>What we process, why and on what basis</h2>
<table>
<thead><tr><th scope="col">Purpose</th><th scope="col">Data</th><th scope="col">Legal basis (GDPR art. 6(1))</th></tr></thead>
<tbody>
<tr><td>Handling your order, delivery, payment and returns</td><td>Name, addresses, e-mail, phone, order and payment details</td><td>(b) performance of the contract</td></tr>
<tr><td>Your customer account</td><td>Login details, address book, order history</td><td>(b) performance of the contract</td></tr>
<tr><td>Invoices and bookkeeping</td><td>Order, invoice and payment data, VAT number</td><td>(c) legal obligation</td></tr>
<tr><td>Customer service</td><td>Your messages and the related order</td><td>(b) contract and (f) legitimate interest</td></tr>
<tr><td>Newsletter</td><td>E-mail address, language</td><td>(a) consent, which you can withdraw at any time</td></tr>
<tr><td>Preventing fraud and securing the shop</td><td>Technical data, payment status</td><td>(f) legitimate interest</td></tr>
</tbody>
</table>
<h2>Who receives your data</h2>
<p>We share only what is needed with our payment service provider, the carrier that delivers your parcel and our hosting provider. They act as processors under a data processing agreement or, for payments, under their own responsibility. We do not sell your data. Your data is stored in the European Union.</p>
<h2>How long we keep it</h2>
<ul>
<li>Orders and invoices: seven years (Dutch tax law), ten years where Belgian VAT rules require it.</li>
<li>Your account: until you delete it.</li>
<li>Customer service messages: two years after the question was closed.</li>
<li>Newsletter: until you unsubscribe.</li>
</ul>
<h2>Your rights</h2>
<ul>
<li>access to your data and a copy of it, also in a machine-readable form (portability);</li>
<li>rectification of incorrect data and erasure of data we no longer need;</li>
<li>restriction of processing, and objection to processing based on legitimate interest;</li>
<li>withdrawal of your consent, without affecting earlier processing.</li>
</ul>
<p>You can download or delete your data yourself under <em>My account</em>, or send a request to ${emailLink(DEMO_COMPANY.privacyEmail)}. We answer within one month.</p>
<h2>Complaints</h2>
<p>We would like to hear from you first. You also have the right to complain to a supervisory authority:</p>
<ul>
<li>the Netherlands: Autoriteit Persoonsgegevens (Dutch Data Protection Authority), <a href="https://autoriteitpersoonsgegevens.nl">autoriteitpersoonsgegevens.nl</a>, our lead authority;</li>
<li>Belgium: Gegevensbeschermingsautoriteit / Autorité de protection des données (GBA/APD), <a href="https://www.gegevensbeschermingsautoriteit.be">gegevensbeschermingsautoriteit.be</a>.</li>
</ul>
<p>How we use cookies and similar techniques is described in our <a href="${c.page('cookie-policy')}">cookie policy</a>.</p>`,
    },
    'cookie-policy': {
      title: 'Cookie policy',
      meta_title: 'Cookie policy | Polder',
      meta_description: 'Polder uses only the cookies and browser storage this shop needs to work: no advertising or tracking cookies.',
      content: `<h1>Cookie policy</h1>
<p>Cookies are small files a website stores in your browser. Like cookies, the browser's local storage keeps information on your device. This shop uses both only where it needs them to work.</p>
<h2>What we store</h2>
<table>
<thead><tr><th scope="col">What</th><th scope="col">Why</th><th scope="col">How long</th></tr></thead>
<tbody>
<tr><td>Shopping cart</td><td>Keeps the products you added</td><td>Until you order or empty it</td></tr>
<tr><td>Login</td><td>Keeps you logged in to your account</td><td>Until you log out</td></tr>
<tr><td>Language and store view</td><td>Shows the shop in the language you chose</td><td>One year</td></tr>
<tr><td>Offline copy of the shop</td><td>Lets you browse quickly and without a connection</td><td>Until the next version of the shop</td></tr>
</tbody>
</table>
<p>These are strictly necessary, so they need no consent. We do not use advertising or tracking cookies, and no third party places cookies through our shop.</p>
<h2>Payment pages</h2>
<p>When you pay, you go to the page of our payment service provider or your bank. They may use their own cookies; their own cookie policy applies.</p>
<h2>Removing cookies</h2>
<p>You can delete cookies and stored data in your browser's settings at any time. The shop then forgets your cart and logs you out.</p>
<p>More about your data in our <a href="${c.page('privacy-policy')}">privacy policy</a>.</p>`,
    },
  }
}
