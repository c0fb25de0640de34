import type { Translation } from '../i18n-types'
import type { LaterPartWords } from '../sections'

/** Nederlands: de woorden van de kiosk (locales/sections.ts LATER_PARTS): het instelscherm (/kiosk) en de statusregel voor het personeel. */
const words = {
  kiosk: {
    title: 'Kiosk instellen',
    intro: 'Voor het personeel van de winkel: stel deze tablet in als kiosk in de winkel.',
    pinLabel: 'Kiosk-pincode',
    unlock: 'Instellingen openen',
    checking: 'Bezig met controleren…',
    wrongPin: 'Die pincode klopt niet.',
    tooManyAttempts: 'Te vaak een verkeerde pincode. Wacht een paar minuten en probeer het opnieuw.',
    noKiosk: 'Deze winkel heeft geen kioskinstellingen.',
    offline: 'Voor het instellen is een verbinding met de winkel nodig.',
    serverError: 'De winkel kon de pincode niet controleren. Probeer het zo opnieuw.',
    storeView: 'Taal van de winkel',
    pickup: 'Afhaalpunt',
    mode: 'Kioskmodus: de hele catalogus op deze tablet bewaren en de gegevens van elke klant wissen',
    idle: 'Terug naar de startpagina na zoveel minuten zonder gebruik',
    save: 'Opslaan en starten',
    catalogue: 'Catalogus op deze tablet',
    progress: '{stored} van {total} producten',
    storage: 'Gebruikte opslag',
    storageFigures: '{used} van {quota}',
    storageUnknown: 'Deze browser laat dat niet zien.',
    persisted: 'Bewaard door de browser',
    persistedYes: 'Ja: de browser wist het niet',
    persistedNo: 'Nee: de browser kan het wissen als de ruimte opraakt',
    lastSync: 'Laatst bijgewerkt',
    never: 'Nog niet',
    ordersWaiting: 'Bestellingen die nog verstuurd moeten worden',
    status: 'Status van de kiosk',
    statusReady: 'Catalogus klaar',
    statusLoading: 'Catalogus wordt geladen: {count} producten',
    statusLastSync: 'laatst bijgewerkt {time}',
    statusOrders: '{count} {{bestelling|bestellingen}} wachtend',
    newShopper: 'Nieuwe klant',
  },
} satisfies LaterPartWords<Translation>

export default words
