/**
 * The worker's modules, wired to each other (workers/data-service.ts composes them): one per
 * concept, each owning its collections, its slice of the DataApi and its network wiring.
 */
import { AccountModule } from './account/account-module'
import { AnalyticsModule } from './analytics/analytics-module'
import { CartHandoffModule } from './cart/cart-handoff-module'
import { CartModule } from './cart/cart-module'
import { CatalogSnapshot } from './catalog/catalog-snapshot'
import { ContentModule } from './content/content-module'
import { ProductViewModule } from './catalog/product-view'
import type { EventSourceFactory } from '../replication/catalog-pull'
import type { HandoffStore } from './cart/cart-handoff'
import { ListsModule } from './lists/lists-module'
import type { NetworkRole } from './network-role'
import { CheckoutModule } from './checkout/checkout-module'
import { OrdersModule } from './orders/orders-module'
import { PrivacyModule } from './account/privacy-module'
import { ReturnsModule } from './orders/returns-module'
import { StockAlertModule } from './catalog/stock-alert-module'
import { SyncStatusModule } from './sync-status'
import { Listeners, type WorkerSession } from './worker-session'
import { CustomerSession } from './account/customer-session'
import { OutboxModule } from './outbox/outbox-module'
import { KioskModule } from './kiosk/kiosk-module'
import type { Outbox } from './outbox/outbox'

/** What the modules take of the data service's settings. */
export interface ModuleSettings {
  eventSource?: EventSourceFactory
  productQuotaBytes?: number
  replicate?: boolean // tests: no catalogue replication
  /** where a cart waits between store views (workers/cart/handoff-store); none: the cart stays behind */
  handoffs?: HandoffStore
}

export function workerModules(session: WorkerSession, deps: ModuleSettings, network: NetworkRole, runner: Outbox) {
  const isOnline = () => network.online // the worker's online: the browser's flag and the server answers
  const isLeader = () => network.isLeader
  const customer = new CustomerSession({ store: () => session.store, isLeader, now: session.now })
  const outbox = new OutboxModule({ session, runner, canRun: () => isOnline() && isLeader(), customer })
  // the status reads the catalogue, the catalogue tells the status: told through a listener set
  const statusChanged = new Listeners()
  const retryAfter = (ms: number, run: () => void) => outbox.runner.after(ms, run)
  const content = new ContentModule({
    session,
    isOnline,
    replicate: deps.replicate,
    retryAfter,
    enqueueTask: (task) => outbox.enqueueTask(task),
    asCustomer: () => customer.token !== null,
  })
  const catalog = new CatalogSnapshot({
    session,
    isOnline,
    onStatus: () => statusChanged.emit(),
    eventSource: deps.eventSource,
    replicate: deps.replicate,
    retryAfter,
    // the store view's one stream is the catalogue's: content's changes and RESYNCs go on from it
    onOtherStreamItem: (item) => content.streamItem(item),
  })
  const status = new SyncStatusModule(() => ({
    online: network.online,
    serverTrouble: network.serverTrouble,
    isLeader: network.isLeader,
    productCount: catalog.productCount,
    replicating: catalog.replicating,
    catalogueComplete: catalog.catalogueComplete,
    lastPulledAt: catalog.lastPulledAt,
  }))
  statusChanged.add(() => status.emit())
  const productView = new ProductViewModule({ session, catalog, isOnline, productQuotaBytes: deps.productQuotaBytes })
  const analytics = new AnalyticsModule({ session, products: () => productView.products })
  const lists = new ListsModule({ session, catalog, productView, viewed: (sku) => analytics.productViewed(sku) })
  const cart = new CartModule({
    session,
    isOnline,
    isLeader,
    products: () => productView.products,
    customer,
    outbox: outbox.runner,
    linesChanged: (before, after) => analytics.cartChanged(before, after),
  })
  const checkout = new CheckoutModule({
    session,
    isOnline,
    setCartTotals: (totals) => cart.setTotals(totals),
    methodChosen: (name, choice) => analytics.checkoutChoice(name, choice),
  })
  // the shop accepted an order (the kiosk, made after the orders module, listens)
  const ordersSent = new Listeners<[string]>()
  const orders = new OrdersModule({
    session,
    isOnline,
    isLeader,
    emptyCart: (ordered) => cart.emptyForOrder(ordered),
    checkout,
    restoreCart: (order, into) => cart.restoreFromOrder(order, into),
    token: () => customer.token,
    outbox: outbox.runner,
    orderPlaced: async (order) => {
      ordersSent.emit(order.order_id)
      await analytics.orderPlaced(order)
    },
  })
  // spec "Logout"'s clearing, which a kiosk's end of a guest's turn does too: the cart (without sync), the lists, the checkout details
  const clearShopper = async (): Promise<void> => {
    await cart.clearWithoutSync()
    await lists.clear()
    await checkout.forget()
  }
  const account = new AccountModule({
    session,
    customer,
    isOnline,
    authoriseCart: (): Promise<void> => cart.authorise(),
    clearShopper,
    importOrderHistory: (items): Promise<void> => orders.importHistory(items),
    enqueueTask: (task): Promise<void> => outbox.enqueueTask(task),
    onTaskResult: (listener): (() => void) => outbox.taskResults.add(listener),
  })
  const privacy = new PrivacyModule({
    isOnline,
    loggedIn: () => customer.token !== null,
    endSession: async () => {
      await account.api.applyAccountCommand({ type: 'logout' })
    },
  })
  const kiosk = new KioskModule({
    isOnline,
    loggedIn: () => customer.token !== null,
    logout: async () => {
      await account.api.applyAccountCommand({ type: 'logout' })
    },
    clearShopper,
    lastOrderId: () => checkout.lastOrderId(),
    forgetSentOrders: (except) => orders.forgetSent(except),
    isLeader,
    catalogueComplete: () => catalog.catalogueComplete,
    pictures: function* () {
      for (const listed of catalog.mirror.products.values()) yield listed.doc.image
    },
    // the products changed, or the status did (the catalogue became complete)
    onCatalogueChange: (listener) => {
      const stops = [catalog.onChange(listener), statusChanged.add(listener)]
      return () => stops.forEach((stop) => stop())
    },
    fetch: (url) => network.fetch(url),
  })
  ordersSent.add((orderId) => void kiosk.orderSent(orderId))
  const returns = new ReturnsModule({ isOnline, orderTokenOf: (orderNumber) => orders.orderTokenOf(orderNumber) })
  const stockAlerts = new StockAlertModule({
    enqueueTask: (task): Promise<void> => outbox.enqueueTask(task),
    loggedIn: () => customer.token !== null,
  })
  const handoff = new CartHandoffModule({
    session,
    handoffs: deps.handoffs ?? null,
    products: () => productView.products,
    applyCartCommand: (command) => cart.api.applyCartCommand(command),
  })
  return {
    isOnline,
    customer,
    outbox,
    status,
    catalog,
    content,
    productView,
    stockAlerts,
    lists,
    account,
    privacy,
    returns,
    cart,
    checkout,
    orders,
    handoff,
    analytics,
    kiosk,
  }
}
