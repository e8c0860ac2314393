import { ErrorConditionType } from '@adyen/api-library/lib/src/typings/terminal/errorConditionType.js';
import { MessageCategoryType } from '@adyen/api-library/lib/src/typings/terminal/messageCategoryType.js';
import { MessageClassType } from '@adyen/api-library/lib/src/typings/terminal/messageClassType.js';
import { MessageType } from '@adyen/api-library/lib/src/typings/terminal/messageType.js';
import { ObjectSerializer } from '@adyen/api-library/lib/src/typings/terminal/models.js';
import { PaymentInstrumentType } from '@adyen/api-library/lib/src/typings/terminal/paymentInstrumentType.js';
import { Response } from '@adyen/api-library/lib/src/typings/terminal/response.js';
import { ResultType } from '@adyen/api-library/lib/src/typings/terminal/resultType.js';
import { TransactionType } from '@adyen/api-library/lib/src/typings/terminal/transactionType.js';
import type { SaleToPOIRequest } from '@adyen/api-library/lib/src/typings/terminal/saleToPOIRequest.js';
import type { SaleToPOIResponse } from '@adyen/api-library/lib/src/typings/terminal/saleToPOIResponse.js';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSimulatorTls, type SimulatorTls } from '../../../../devtools/terminalSimulator/certificates';
import { TERMINAL_ERRORS } from '../../../../shared/terminalErrors';
import { NexoDriver } from './driver';

/**
 * The nexo driver against a peer no one here wrote (docs/api.md §9.2): a terminal whose every
 * answer is built with Adyen's own Terminal API models (@adyen/api-library) and serialized by
 * the library's ObjectSerializer, so the values on the wire are the library's, not the
 * simulator's. And the error conditions the screens word are exactly the library's.
 */

const POI = 'P400Plus-275000001';
let tls: SimulatorTls;
let server: Server;
let url = '';
/** The next answer's body, given the request it answers. */
let answer: (request: SaleToPOIRequest) => Omit<SaleToPOIResponse, 'MessageHeader'> = () => ({});
const requests: SaleToPOIRequest[] = [];
let ids = 0;

beforeAll(async () => {
  tls = await makeSimulatorTls(POI);
  server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { SaleToPOIRequest: SaleToPOIRequest }).SaleToPOIRequest;
      requests.push(request);
      const response: SaleToPOIResponse = {
        MessageHeader: { ...request.MessageHeader, MessageClass: MessageClassType.Service, MessageType: MessageType.Response },
        ...answer(request),
      };
      const text = JSON.stringify({ SaleToPOIResponse: ObjectSerializer.serialize(response, 'SaleToPOIResponse') });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/nexo`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await tls.remove();
});

const driver = () =>
  new NexoDriver({
    url,
    poiId: POI,
    ca: tls.ca,
    key: null,
    saleId: 'COUNTER1',
    nextServiceId: () => `L${++ids}`,
    clock: () => new Date('2026-11-27T09:00:00Z'),
  });

const failure = (condition: Response.ErrorConditionEnum) => ({ Result: ResultType.Failure, ErrorCondition: condition });

describe('the nexo driver against messages built with the library’s own models', () => {
  it('words every error condition the library knows, spelled as the library spells it', () => {
    // Written here member by member: nexo spells the wrong PIN "WrongPIN".
    const library = [
      ErrorConditionType.Aborted,
      ErrorConditionType.Busy,
      ErrorConditionType.Cancel,
      ErrorConditionType.DeviceOut,
      ErrorConditionType.InProgress,
      ErrorConditionType.InsertedCard,
      ErrorConditionType.InvalidCard,
      ErrorConditionType.LoggedOut,
      ErrorConditionType.MessageFormat,
      ErrorConditionType.NotAllowed,
      ErrorConditionType.NotFound,
      ErrorConditionType.PaymentRestriction,
      ErrorConditionType.Refusal,
      ErrorConditionType.UnavailableDevice,
      ErrorConditionType.UnavailableService,
      ErrorConditionType.UnreachableHost,
      ErrorConditionType.WrongPin,
    ].map(String);
    expect(library).toContain('WrongPIN');
    expect([...TERMINAL_ERRORS].sort()).toEqual(library.sort());
  });

  it('tells a declined payment by the terminal’s reason: a wrong PIN is a wrong PIN, not a refusal', async () => {
    answer = () => ({
      PaymentResponse: {
        Response: failure(Response.ErrorConditionEnum.WrongPin),
        SaleData: { SaleTransactionID: { TransactionID: 'ref-1', TimeStamp: '2026-11-27T09:00:00Z' } },
        POIData: { POITransactionID: { TransactionID: 'ADY-41', TimeStamp: '2026-11-27T09:00:03Z' } },
      },
    });
    const d = driver();
    expect(await d.pay('S1', 'ref-1', 500)).toEqual({ kind: 'refused', error: 'WrongPIN' });
    d.close();
    expect(requests.at(-1)!.MessageHeader.MessageCategory).toBe(MessageCategoryType.Payment);
  });

  it('takes an approval with the terminal’s transaction, and reads a status the terminal does not know as nothing charged', async () => {
    const poi = { TransactionID: 'ADY-42', TimeStamp: '2026-11-27T09:00:05Z' };
    answer = () => ({
      PaymentResponse: {
        Response: { Result: ResultType.Success },
        SaleData: { SaleTransactionID: { TransactionID: 'ref-2', TimeStamp: '2026-11-27T09:00:00Z' } },
        POIData: { POITransactionID: poi },
      },
    });
    const d = driver();
    expect(await d.pay('S2', 'ref-2', 1250)).toMatchObject({
      kind: 'ok',
      value: { transaction: { reference: poi.TransactionID, at: poi.TimeStamp } },
    });
    answer = () => ({ TransactionStatusResponse: { Response: failure(Response.ErrorConditionEnum.NotFound) } });
    expect(await d.status('S3')).toEqual({ kind: 'refused', error: 'NotFound' });
    answer = () => ({ TransactionStatusResponse: { Response: failure(Response.ErrorConditionEnum.InProgress) } });
    expect(await d.status('S3')).toMatchObject({ kind: 'unknown' });
    d.close();
  });

  it('reads a reversal’s refusal and the terminal’s totals by the library’s transaction types', async () => {
    const d = driver();
    answer = () => ({ ReversalResponse: { Response: failure(Response.ErrorConditionEnum.NotAllowed) } });
    expect(await d.reverse('S4', { reference: 'ADY-42', at: '2026-11-27T09:00:05Z' }, 100)).toEqual({
      kind: 'refused',
      error: 'NotAllowed',
    });
    answer = () => ({
      GetTotalsResponse: {
        Response: { Result: ResultType.Success },
        POIReconciliationID: '7',
        TransactionTotals: [
          {
            PaymentInstrumentType: PaymentInstrumentType.Card,
            PaymentTotals: [
              { TransactionType: TransactionType.Debit, TransactionCount: 2, TransactionAmount: 17.5 },
              { TransactionType: TransactionType.ReverseDebit, TransactionCount: 1, TransactionAmount: 1 },
              { TransactionType: TransactionType.Credit, TransactionCount: 1, TransactionAmount: 0.5 },
            ],
          },
        ],
      },
    });
    expect(await d.totals(false)).toEqual({ kind: 'ok', value: { debitCount: 2, debitAmount: 1750, refundCount: 2, refundAmount: 150 } });
    d.close();
  });
});
