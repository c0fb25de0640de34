/**
 * The company's address and opening hours written the way each language writes them: Dutch
 * "9.00–17.30 uur", French "9 h – 17 h 30", English "9:00–17:30". Kept here so every page that
 * names the hours or the address writes them alike; and French spacing before : ; ? and !, which
 * every French text of the seed gets.
 */
import type { OpeningHours } from '../../../domain/opening-hours'
import { DEMO_COMPANY } from './company'

export type Language = 'en' | 'nl' | 'fr'

const DAYS: Record<Language, string[]> = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  nl: ['maandag', 'dinsdag', 'woensdag', 'donderdag', 'vrijdag', 'zaterdag', 'zondag'],
  fr: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
}

const COUNTRY: Record<Language, Record<'NL' | 'BE', string>> = {
  en: { NL: 'the Netherlands', BE: 'Belgium' },
  nl: { NL: 'Nederland', BE: 'België' },
  fr: { NL: 'Pays-Bas', BE: 'Belgique' },
}

function time(hhmm: string, language: Language): string {
  const [h, m] = hhmm.split(':') as [string, string]
  const hour = String(Number(h))
  if (language === 'fr') return m === '00' ? `${hour} h` : `${hour} h ${m}`
  return language === 'nl' ? `${hour}.${m}` : `${hour}:${m}`
}

function dayRange(days: string, language: Language): string {
  const [from, to] = days.split('-').map((d) => DAYS[language][Number(d) - 1]!)
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
  if (!to) return language === 'fr' ? `Le ${from}` : capital(from!)
  if (language === 'fr') return `Du ${from} au ${to}`
  return language === 'nl' ? `${capital(from!)} t/m ${to}` : `${from} to ${to}`
}

/** One line per run of days, e.g. "Monday to Friday: 9:00–17:30" (French with a narrow no-break space before the colon). */
function hoursLines(hours: readonly OpeningHours[], language: Language): string[] {
  const colon = language === 'fr' ? '\u202f:' : ':'
  return hours.map((h) => {
    const span = `${time(h.open, language)}${language === 'fr' ? ' – ' : '–'}${time(h.close, language)}${language === 'nl' ? ' uur' : ''}`
    return `${dayRange(h.days, language)}${colon} ${span}`
  })
}

export function hoursList(hours: readonly OpeningHours[], language: Language): string {
  return `<ul>${hoursLines(hours, language)
    .map((line) => `<li>${line}</li>`)
    .join('')}</ul>`
}

/** The registered office as an <address> body: street, postcode and city, country. */
export function officeLines(language: Language): string {
  const o = DEMO_COMPANY.office
  return `${DEMO_COMPANY.legalName}<br />${o.street}<br />${o.postcode} ${o.city}<br />${COUNTRY[language][o.country]}`
}

export function branchLines(language: Language): string {
  const b = DEMO_COMPANY.belgianBranch
  const lang = language === 'fr' ? 'fr' : 'nl'
  return `${b.street[lang]}<br />${b.postcode} ${b.city[lang]}<br />${COUNTRY[language].BE}`
}

export function countryName(country: 'NL' | 'BE', language: Language): string {
  return COUNTRY[language][country]
}

/** mailto: and tel: links of the company, written the same everywhere. */
export const emailLink = (address: string = DEMO_COMPANY.email) => `<a href="mailto:${address}">${address}</a>`
export const phoneLink = () => `<a href="${DEMO_COMPANY.phoneHref}">${DEMO_COMPANY.phone}</a>`

/** French puts a narrow no-break space before : ; ? and ! (as locales/fr does); the sources write a plain one. */
export const frenchSpacing = (text: string) => text.replace(/[ \u00a0]([:;?!])/g, '\u202f$1')

/** A record's texts (strings and lists of strings) French-spaced; its other fields as they are. */
export function frenchSpaced<T extends object>(record: T): T {
  const spaced = (value: unknown) =>
    typeof value === 'string' ? frenchSpacing(value) : Array.isArray(value) ? value.map((v: unknown) => (typeof v === 'string' ? frenchSpacing(v) : v)) : value
  return Object.fromEntries(Object.entries(record).map(([field, value]) => [field, spaced(value)])) as T
}

/** Each record of a keyed set French-spaced. */
export function frenchSpacedEach<K extends string, T extends object>(all: Record<K, T>): Record<K, T> {
  return Object.fromEntries(Object.entries<T>(all).map(([key, record]) => [key, frenchSpaced(record)])) as Record<K, T>
}
