/**
 * The shop's bank account (to pay by transfer, the order number as reference) and its pickup point
 * with its opening hours (issue 35, item 6), as the shop last said them (the worker keeps them for
 * offline). Nothing is shown before the shop ever answered: the order's own words still say what to do.
 */
import { openingHoursText } from '../../domain/shop-details'
import { useI18nContext } from '../../locales/i18n-react'
import { getDataClient } from '../data/data-client'
import { useWorkerRead } from '../data/hooks'
import { useStoreView } from '../ui/store-view'

function useShopDetails() {
  return useWorkerRead('shop-details', () => getDataClient().shopDetails(), 'shopDetails')
}

export function BankTransferDetails({ reference }: { reference: string }) {
  const { LL } = useI18nContext()
  const details = useShopDetails()
  if (!details) return null
  return (
    <p data-testid="bank-transfer-details">
      {LL.order.bankBeneficiary({ name: details.bank.beneficiary })}
      <br />
      {LL.order.bankIban({ iban: details.bank.iban })}
      <br />
      {LL.order.bankBic({ bic: details.bank.bic })}
      <br />
      {LL.order.bankReference({ reference })}
    </p>
  )
}

export function PickupPoint() {
  const { LL } = useI18nContext()
  const { storeView } = useStoreView()
  const details = useShopDetails()
  if (!details) return null
  const { pickup } = details
  const locale = storeView.i18n.defaultLocale
  return (
    <div data-testid="pickup-point">
      <p>{LL.order.pickupAt()}</p>
      <address>
        {pickup.name}
        <br />
        {pickup.street}
        <br />
        {pickup.postcode} {pickup.city}, {new Intl.DisplayNames([locale], { type: 'region' }).of(pickup.country) ?? pickup.country}
      </address>
      <p>{LL.order.pickupHours()}</p>
      <ul>
        {pickup.hours.map((hours) => (
          <li key={hours.days}>{openingHoursText(hours, locale)}</li>
        ))}
      </ul>
    </div>
  )
}
