/**
 * The shop's details as it last said them (the worker keeps them for offline) and its pickup point
 * with its opening hours, which the checkout and an order's summary show. Nothing
 * is shown before the shop ever answered. The bank account is the thank-you page's own (its words
 * are the orders part's, which the checkout does not load).
 */
import { openingHoursText } from '../../domain/opening-hours'
import { useI18nContext } from '../../locales/i18n-react'
import { useShopDetails } from '../data/hooks'
import { useStoreView } from '../ui/store-view'

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
        {pickup.postcode} {pickup.city}
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
