import type { CounterOrder, SettingsView, SyncStatus } from '../ipc';
import type { CustomerToken, Order, OrderLine } from '../schemas/order';
import type { Product, TransitTokenRecord } from '../schemas/reference';

/** Small, valid resources of the shared schemas and IPC answers, for the tests of the renderer and of the counter's core. */

const T0 = '2026-01-10T10:00:00.000Z';
let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export function product(p: Partial<Product> & { productId: number; productName: string }): Product {
  return {
    parentProductId: null,
    productDescription: '',
    fikoArticleNumber: `FK-${p.productId}`,
    taxCode: 'V9',
    taxPercentage: 9,
    amountInclTax: 1000,
    termsUrls: ['https://example.org/terms/general'],
    tokenTypeIds: [1, 2, 3],
    requires: { token: false, registeredToken: false, birthdate: false, validFrom: false, mandate: false },
    ageProfile: null,
    validityDays: null,
    ...p,
  };
}

export function line(l: Partial<OrderLine> = {}): OrderLine {
  return {
    orderLineId: uuid(),
    externalOrderLineId: null,
    productId: 101,
    productName: 'Dagkaart volwassene',
    productDescription: '',
    fikoArticleNumber: 'FK-101',
    taxCode: 'V9',
    taxPercentage: 9,
    taxAmount: 78,
    amountExclTax: 872,
    amountInclTax: 950,
    vouchers: [],
    quantity: 1,
    orderLineTerms: [],
    createdOn: T0,
    lastUpdatedOn: T0,
    validFrom: T0,
    validUntil: null,
    orderLineStatus: { orderLineStatusId: 1, name: 'pending' },
    customerTokens: null,
    orderAccountingStatuses: [],
    validationResult: 'valid',
    additionalRemarks: [],
    validationErrors: [],
    returnedQuantity: 0,
    ...l,
  };
}

export function customerToken(c: Partial<CustomerToken> = {}): CustomerToken {
  return {
    customerTokenId: uuid(),
    tokenType: { tokenTypeId: 2, name: 'pass physical' },
    transitTokenId: 880001,
    serviceReferenceId: null,
    amount: null,
    passNumber: null,
    verificationCode: null,
    personalAccountData: null,
    transitToken: null,
    ...c,
  };
}

export function order(o: Partial<Order> = {}): Order {
  const lines = o.orderLines ?? [line()];
  return {
    orderId: uuid(),
    externalOrderId: null,
    orderNumber: 'C-000123',
    customerProfileId: 0,
    validContents: lines.every((l) => l.validationResult === 'valid') && lines.length > 0,
    device: null,
    vouchers: [],
    totalAmount: lines.reduce((s, l) => s + l.amountInclTax, 0),
    touchPoint: { salesTouchpointId: 10, name: 'Balie Centraal Station', isActive: true, retailerId: 1 },
    language: { languageId: 2, name: 'English', iso639Code: 'en', ietfCode: 'en-GB' },
    createdOn: T0,
    lastUpdatedOn: T0,
    order_OrderStatuses: [
      {
        order_orderStatusId: uuid(),
        orderStatus: { orderStatusId: 1, name: 'concept' },
        createdOn: T0,
        description: '',
      },
    ],
    orderLines: lines,
    payments: [],
    orderCustomer: null,
    ...o,
  };
}

export function counterOrder(o: Partial<Order> = {}): CounterOrder {
  return { order: order(o), sync: { state: 'pending', centralOrderNumber: null, reasons: [] }, readOnly: false, cashRounding: {} };
}

export function tokenRecord(r: Partial<TransitTokenRecord> & { transitTokenId: number }): TransitTokenRecord {
  return {
    customerProfileId: 50001,
    tokenType: { tokenTypeId: 2, name: 'pass physical' },
    xTat: '5eed0000-0000-0000-0000-0000000003e9',
    xBot: '5eed0000-0000-0000-0000-0000000007d1',
    alias: `Token ${r.transitTokenId}`,
    lastDigits: 4411,
    passNumber: '3528 0100 0000 4411',
    tokenStatus: { tokenStatusId: 2, name: 'active' },
    expirationDate: '2099-05-31T23:59:59Z',
    replacedByTokenId: null,
    ...r,
  };
}

export function settingsView(s: Partial<SettingsView> = {}): SettingsView {
  return {
    centralUrl: null,
    embeddedCentral: true,
    hasBearerToken: true,
    tokenStorage: 'none',
    fixed: {},
    touchpointId: 10,
    deviceId: '5eed0000-0000-0000-0000-000000000001',
    centralDeviceId: null,
    retentionDays: 30,
    languageId: 2,
    quickKeys: null,
    receiptLayout: '80mm',
    printerName: null,
    printerUrl: 'system',
    drawer: 'none',
    cashRounding: true,
    denominations: [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5],
    ...s,
  };
}

export function syncStatus(s: Partial<SyncStatus> = {}): SyncStatus {
  return {
    online: true,
    state: 'online',
    pending: 0,
    rejected: 0,
    setAside: 0,
    lastSuccessAt: null,
    lastError: null,
    embeddedCentral: true,
    clockOffsetMs: null,
    ...s,
  };
}

/** An order the central refused, with its reasons. */
export function rejectedOrder(o: Partial<Order>, reasons: CounterOrder['sync']['reasons']): CounterOrder {
  return { order: order(o), sync: { state: 'rejected', centralOrderNumber: null, reasons }, readOnly: false, cashRounding: {} };
}
