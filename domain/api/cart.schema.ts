/** Requests and replies of /api/cart/* (contract §2.2). */
import { z } from 'zod'
import { ProductOptionSchema, ServerCartItemSchema, TotalsSchema } from '../cart.schema'
import { PaymentMethodSchema } from '../payment-methods'
import { ShippingMethodSchema } from '../shipping-methods'

/**
 * Query of every cart call: the cart id and the user token (customers; VSF1 sends `token=` empty for
 * a guest). The store view (`storeCode`, which a multistore client adds to every call) is read apart:
 * a code that is not the shop's is ignored, never refused.
 */
export const CartQuerySchema = z.object({
  cartId: z.string().min(1).max(64).optional(),
  token: z.string().max(512).optional(),
  /** cart/create with a customer's token: a new active cart, not the one they have (Polder's extension) */
  fresh: z.enum(['1', 'true']).optional(),
})

/** Masked guest cart id: 32 characters [A-Za-z0-9]. */
export const GUEST_CART_ID = /^[A-Za-z0-9]{32}$/

export const CartCreateResultSchema = z.string()

export const CartUpdateBodySchema = z.object({
  cartItem: z.object({
    sku: z.string().min(1).max(64),
    qty: z.coerce.number().positive().max(10000),
    product_option: ProductOptionSchema.optional(),
    quoteId: z.string().min(1).max(64),
    item_id: z.coerce.number().int().positive().optional(),
  }),
})
export type CartUpdateBody = z.infer<typeof CartUpdateBodySchema>

export const CartDeleteBodySchema = z.object({
  cartItem: z.object({
    sku: z.string().min(1).max(64),
    item_id: z.coerce.number().int().positive(),
    quoteId: z.string().min(1).max(64),
  }),
})
export type CartDeleteBody = z.infer<typeof CartDeleteBodySchema>

/** apply-coupon: the cart and the code (VSF1 sends them in the query, with an empty JSON body). */
export const CartCouponQuerySchema = CartQuerySchema.extend({ coupon: z.string().trim().min(1).max(64) })

/** The body of the calls that take none (create, coupons): VSF1 posts an empty JSON body, parsed as {}. */
export const EmptyBodySchema = z.union([z.object({}).loose(), z.undefined(), z.null()])

const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
  .transform((c) => c.toUpperCase())

/** shipping-methods: the address to estimate for; only its country matters to this shop. */
export const CartShippingMethodsBodySchema = z.object({
  address: z.object({ country_id: countryCode }).loose(),
})
export type CartShippingMethodsBody = z.infer<typeof CartShippingMethodsBodySchema>

/** An address as VSF1 sends it in shipping-information (camelCase: countryId), other fields passed over. */
const CheckoutAddressSchema = z.object({ countryId: countryCode }).loose()

/** VSF1 sends the billing country empty until the shopper has been through the payment step: none yet */
const BillingCountrySchema = z.preprocess((v) => (v === '' ? undefined : v), countryCode.optional())

/** shipping-information: the addresses and the chosen carrier and method (contract §2.2). */
export const CartShippingInformationBodySchema = z.object({
  addressInformation: z.object({
    shippingAddress: CheckoutAddressSchema,
    // the buyer's VAT number, if any, makes the totals the order's (a reverse charge); VSF sends vat_id
    billingAddress: CheckoutAddressSchema.extend({
      countryId: BillingCountrySchema,
      vatId: z.string().max(32).optional(),
      vat_id: z.string().max(32).nullish(),
    }).optional(),
    shippingCarrierCode: z.string().min(1).max(64).optional(),
    shippingMethodCode: z.string().min(1).max(64).optional(),
  }),
})
export type CartShippingInformationBody = z.infer<typeof CartShippingInformationBodySchema>

/** collect-totals: the methods to total with (contract §2.2; VSF 1.12's core does not call it). */
export const CartCollectTotalsBodySchema = z.object({
  methods: z.object({
    paymentMethod: z
      .object({ method: z.string().max(64) })
      .loose()
      .optional(),
    shippingCarrierCode: z.string().min(1).max(64).optional(),
    shippingMethodCode: z.string().min(1).max(64).optional(),
  }),
})
export type CartCollectTotalsBody = z.infer<typeof CartCollectTotalsBodySchema>

export const CartPullResultSchema = z.array(ServerCartItemSchema)
export const CartUpdateResultSchema = ServerCartItemSchema
export const CartDeleteResultSchema = z.literal(true)
export const CartTotalsResultSchema = TotalsSchema
export const CartCollectTotalsResultSchema = TotalsSchema
export const CartApplyCouponResultSchema = z.literal(true)
export const CartDeleteCouponResultSchema = z.literal(true)
export const CartShippingMethodsResultSchema = z.array(ShippingMethodSchema)
export const CartPaymentMethodsResultSchema = z.array(PaymentMethodSchema)
/** shipping-information's answer: Magento's PaymentDetails */
export const CartShippingInformationResultSchema = z.object({ payment_methods: z.array(PaymentMethodSchema), totals: TotalsSchema })
/** GET /api/cart/coupon: the applied code, or null */
export const CartCouponResultSchema = z.string().nullable()
