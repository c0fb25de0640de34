/**
 * The model withdrawal form of Directive 2011/83/EU, Annex I(B), laid out to print and fill in:
 * the trader's address already written in, the statement, and a row with room to write for each
 * field. No form controls: the sanitiser keeps none, and a consumer may equally copy the text into
 * an e-mail.
 */
import { DEMO_COMPANY } from './company'
import { countryName, type Language } from './format'

export interface WithdrawalFormText {
  heading: string
  /** "(complete and return this form only if you wish to withdraw from the contract)" */
  instruction: string
  to: string
  statement: string
  /** ordered on / received on, name, address, signature, date */
  fields: [string, string, string, string, string]
  deleteNote: string
}

const BLANK = '……………………………………………'

export function withdrawalForm(text: WithdrawalFormText, language: Language): string {
  const o = DEMO_COMPANY.office
  const rows = text.fields.map((label) => `<tr><th scope="row">${label}</th><td>${BLANK}</td></tr>`).join('\n')
  return `<section>
<h2>${text.heading}</h2>
<p><em>${text.instruction}</em></p>
<p>${text.to}</p>
<address>${DEMO_COMPANY.legalName}<br />${o.street}, ${o.postcode} ${o.city}, ${countryName(o.country, language)}<br />${DEMO_COMPANY.email}</address>
<p>${text.statement}</p>
<table>
<tbody>
${rows}
</tbody>
</table>
<p><small>${text.deleteNote}</small></p>
</section>`
}
