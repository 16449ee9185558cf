import type { PolicySlugName } from '@digitic/rest-contract';

// The demo shop's policy pages: what a well-made shop in India would say, each opening with a line that says it is
// a demo text for the owner to replace (the back office's Policies screen). Plain HTML of the shop's allow-list.

const DEMO_NOTE =
  '<p><strong>Demo text.</strong> This page is the demo shop’s own example, not a real business’s policy. The shop’s owner replaces it in the back office (Settings, Policies) before trading.</p>';

export const DEMO_POLICIES: Readonly<Record<PolicySlugName, string>> = {
  'privacy-policy': `${DEMO_NOTE}
<h2>What we collect and why</h2>
<ul>
<li>Your name, e-mail and mobile number: to make your account, sign you in and tell you about your orders.</li>
<li>Your delivery addresses: to deliver your orders; your GSTIN if you give one, for a business invoice.</li>
<li>Your orders, cart, wishlist, reviews and messages to us: to sell to you, answer you and keep the records the tax law requires.</li>
</ul>
<p>We do not sell your data. Payments are made with our payment provider; we never see or keep your card details.</p>
<h2>Your rights</h2>
<p>Under the Digital Personal Data Protection Act, 2023 you may see, correct and erase your data, and withdraw your consent, in My Profile or by writing to our Grievance Officer (named at the foot of every page). Invoices are kept for eight years, as the GST law requires, with only what that law needs.</p>
<h2>If something goes wrong</h2>
<p>If your personal data is ever breached, we tell you and the Data Protection Board of India without delay.</p>`,
  'refund-policy': `${DEMO_NOTE}
<h2>Returns</h2>
<p>You may return a delivered product within 14 days of delivery, unused and in its box, from My Orders. We collect it from your address.</p>
<h2>Refunds</h2>
<p>Once we receive the return, we refund what you paid for it to the card or UPI account you paid with, within 7 days. A cancelled order that has not shipped is refunded in full at once. Each refund comes with a credit note against your tax invoice.</p>
<h2>Exchanges and warranty</h2>
<p>A product that arrives damaged or faulty is replaced, or refunded if we cannot replace it. Every product carries its maker’s warranty, as stated on its page and its warranty card.</p>`,
  'shipping-policy': `${DEMO_NOTE}
<h2>Where and when</h2>
<p>We ship across India. An order is dispatched within 2 business days and delivered within 5 to 10 business days; we e-mail you when it ships.</p>
<h2>What it costs</h2>
<p>Shipping is a flat Rs. 100 an order, shown in your cart before you check out, GST included.</p>`,
  terms: `${DEMO_NOTE}
<h2>Who sells</h2>
<p>The seller is the business named at the foot of every page, with its address and GSTIN. Prices are the MRP, inclusive of all taxes.</p>
<h2>Orders</h2>
<p>An order is confirmed when its payment is verified; you receive a tax invoice with it. If a product cannot be supplied, the order is cancelled and refunded in full.</p>
<h2>Complaints</h2>
<p>Write to our Grievance Officer (named at the foot of every page). Each complaint gets a ticket number, is acknowledged within 48 hours and resolved within one month.</p>`,
};
