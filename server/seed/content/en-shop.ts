/** The demo shop's service pages and footer blocks in English. */
import { DEMO_COMPANY } from './company'
import { emailLink, hoursList, officeLines, phoneLink } from './format'
import type { BlockKey, BlockText, ContentContext, PageKey, PageText } from './types'

type ShopPage = Extract<PageKey, 'about-us' | 'contact' | 'shipping' | 'faq'>

export function englishShopPages(c: ContentContext): Record<ShopPage, PageText> {
  return {
    'about-us': {
      title: 'About us',
      meta_title: 'About Polder | Dutch and Belgian design, delivered',
      meta_description:
        'Polder is an online shop from Utrecht for homeware, cycling gear and food from the Low Countries, delivering in the Netherlands and Belgium.',
      content: `<h1>About Polder</h1>
<p>Polder is an online shop from Utrecht. We sell homeware, cycling gear, books and food made in or inspired by the Low Countries, and we deliver them to homes in the Netherlands and Belgium.</p>
<h2>What we stand for</h2>
<ul>
<li><strong>Clear prices.</strong> Every price includes VAT, and shipping is one flat rate.</li>
<li><strong>Four languages, one shop.</strong> Shop in English, Dutch or French: the products, prices and service are the same.</li>
<li><strong>Real people.</strong> Our customer service team in Utrecht answers your questions by e-mail and phone.</li>
</ul>
<h2>Visit us</h2>
<p>You are welcome at our shop and pickup point on the Oudegracht in Utrecht. Order online and collect your parcel free of charge, or just drop by.</p>
<p>Questions? See our <a href="${c.page('faq')}">frequently asked questions</a> or <a href="${c.page('contact')}">get in touch</a>.</p>`,
    },
    contact: {
      title: 'Contact',
      meta_title: 'Contact Polder customer service',
      meta_description: 'Contact Polder by e-mail or phone, or visit our pickup point in Utrecht. Customer service hours and addresses.',
      content: `<h1>Contact us</h1>
<p>Our customer service team is happy to help with orders, deliveries, returns and product questions. Please have your order number ready.</p>
<h2>Customer service</h2>
<ul>
<li>E-mail: ${emailLink()} (we reply within one working day)</li>
<li>Phone: ${phoneLink()}</li>
</ul>
<h3>Opening hours</h3>
${hoursList(DEMO_COMPANY.serviceHours, 'en')}
<h2>Shop and pickup point</h2>
<address>${officeLines('en')}</address>
${hoursList(DEMO_COMPANY.pickupHours, 'en')}
<h2>Company details</h2>
<p>Chamber of Commerce (KvK) ${DEMO_COMPANY.kvk}, VAT ${DEMO_COMPANY.vatId}. See our <a href="${c.page('imprint')}">legal notice</a> for all details.</p>`,
    },
    shipping: {
      title: 'Shipping and pickup',
      meta_title: 'Shipping to the Netherlands and Belgium | Polder',
      meta_description: `Polder delivers to the Netherlands and Belgium for a flat rate of ${c.flatRate}, or collect your order free of charge at our pickup point in Utrecht.`,
      content: `<h1>Shipping and pickup</h1>
<p>We deliver to addresses in the Netherlands and Belgium. You choose how you receive your order at checkout.</p>
<table>
<thead><tr><th scope="col">Method</th><th scope="col">Cost</th><th scope="col">When</th></tr></thead>
<tbody>
<tr><td>Home delivery (NL and BE)</td><td>${c.flatRate} flat rate, VAT included</td><td>Netherlands: 1–2 working days; Belgium: 2–3 working days</td></tr>
<tr><td>Store pickup in Utrecht</td><td>Free</td><td>Usually ready the next working day</td></tr>
</tbody>
</table>
<h2>Home delivery</h2>
<p>One flat rate per order, whatever its size or weight. With a free-shipping discount code delivery costs nothing. You receive an e-mail with a track-and-trace link as soon as your parcel leaves our warehouse.</p>
<h2>Store pickup</h2>
<p>Choose <em>Store pickup</em> at checkout and collect your order at:</p>
<address>${officeLines('en')}</address>
${hoursList(DEMO_COMPANY.pickupHours, 'en')}
<p>We send you an e-mail when your order is ready. Bring your order number; you can also pay at pickup.</p>
<h2>Not at home?</h2>
<p>The carrier tries to deliver your parcel at a neighbour's or leaves a note to collect it at a nearby service point.</p>
<p>Want to send something back? Read about <a href="${c.page('returns')}">returns</a>.</p>`,
    },
    faq: {
      title: 'Frequently asked questions',
      meta_title: 'FAQ | Polder',
      meta_description: 'Answers to common questions about ordering, paying, delivery, returns and your account at Polder.',
      content: `<h1>Frequently asked questions</h1>
<h2>Ordering and paying</h2>
<dl>
<dt>Which payment methods can I use?</dt>
<dd>iDEAL, Bancontact, the KBC/CBC and Belfius payment buttons, credit and debit cards, PayPal, Apple Pay, Google Pay and bank transfer. When you collect your order you can also pay at the pickup point.</dd>
<dt>Do your prices include VAT?</dt>
<dd>Yes. All prices include the VAT of the country we deliver to. Businesses with a valid VAT number in another EU country can order without VAT.</dd>
<dt>Can I change or cancel my order?</dt>
<dd>Contact us as soon as possible. As long as your order has not been shipped, we can usually change or cancel it.</dd>
</dl>
<h2>Delivery</h2>
<dl>
<dt>Where do you deliver and what does it cost?</dt>
<dd>We deliver to the Netherlands and Belgium for ${c.flatRate} per order, or you collect your order free of charge in Utrecht. See <a href="${c.page('shipping')}">shipping</a>.</dd>
<dt>How long does delivery take?</dt>
<dd>One to two working days in the Netherlands, two to three in Belgium.</dd>
</dl>
<h2>Returns</h2>
<dl>
<dt>Can I return a product?</dt>
<dd>Yes, you have 14 days after delivery to withdraw from your purchase without giving a reason. See <a href="${c.page('returns')}">returns</a>.</dd>
<dt>When do I get my money back?</dt>
<dd>Within 14 days of your withdrawal, using the payment method you paid with. We may wait until we have received the product back.</dd>
</dl>
<h2>Your account</h2>
<dl>
<dt>Do I need an account to order?</dt>
<dd>No, you can order as a guest. An account lets you follow your orders and reorder quickly.</dd>
<dt>How do I download or delete my data?</dt>
<dd>Under <em>My account</em>, in the privacy settings. Read more in our <a href="${c.page('privacy-policy')}">privacy policy</a>.</dd>
</dl>
<p>Still have a question? <a href="${c.page('contact')}">Contact us</a>.</p>`,
    },
  }
}

export function englishBlocks(c: ContentContext): Record<BlockKey, BlockText> {
  return {
    'footer-customer-service': {
      title: 'Customer service',
      content: `<h3>Customer service</h3>
<ul>
<li><a href="${c.page('contact')}">Contact</a></li>
<li><a href="${c.page('shipping')}">Shipping and pickup</a></li>
<li><a href="${c.page('returns')}">Returns</a></li>
<li><a href="${c.page('faq')}">FAQ</a></li>
</ul>`,
    },
    'footer-legal': {
      title: 'Legal',
      content: `<h3>Legal</h3>
<ul>
<li><a href="${c.page('terms-and-conditions')}">Terms and conditions</a></li>
<li><a href="${c.page('privacy-policy')}">Privacy policy</a></li>
<li><a href="${c.page('cookie-policy')}">Cookie policy</a></li>
<li><a href="${c.page('imprint')}">Legal notice</a></li>
</ul>`,
    },
    'footer-about': {
      title: 'About Polder',
      content: `<p>Polder is an online shop from Utrecht for homeware, cycling gear and food from the Low Countries. <a href="${c.page('about-us')}">About us</a></p>`,
    },
    'home-intro': {
      title: 'Welcome to Polder',
      content: `<h2>Welcome to Polder</h2>
<p>Homeware, cycling gear, books and food from the Low Countries, chosen in Utrecht and delivered to your door in the Netherlands and Belgium.</p>
<ul>
<li>One flat rate of ${c.flatRate} per order, or <a href="${c.page('shipping')}">collect it free of charge</a> at our pickup point in Utrecht.</li>
<li>Changed your mind? You have 14 days to <a href="${c.page('returns')}">send it back</a>.</li>
<li>Questions? Our <a href="${c.page('contact')}">customer service</a> answers within one working day.</li>
</ul>`,
    },
  }
}
