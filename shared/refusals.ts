import type { ProblemError } from './schemas/problem';

/**
 * Every refusal the counter's main process (or a shell) answers, as a code with parameters.
 * The English text here is the message for logs and the English screen; the renderer says
 * each code in the screen's language (renderer/i18n/refusals.nl.ts), so no raw text of Node,
 * SQLite or the network ever reaches a clerk.
 */
export const REFUSAL_TEXT = {
  'request.invalid': 'The request is not valid.',
  'request.unknownChannel': 'The counter has no call named {channel}.',
  'request.internal': 'Something went wrong; nothing was changed.',
  'request.closing': 'The counter is closing.',
  'fleet.codeRefused': 'The central did not take this enrolment code: it is wrong, used or expired. Ask the operator for a new one.',
  'fleet.tooManyTries': 'Too many wrong codes from this counter: try again in {seconds} seconds.',
  'fleet.centralUnreachable': 'The central cannot be reached at this address: check it and the network, and try again.',
  'database.damaged':
    'This counter’s database is damaged: nothing was changed. Stop selling here and call support (docs/operations.md §12).',
  'shell.foreignPage': 'Only the counter’s own page may use the counter.',
  'shell.noSession': 'This browser has not been let in: open the address the browser shell printed.',
  'shell.unreachable': 'The counter cannot be reached.',
  'shell.badAnswer': 'The counter gave an answer that could not be read.',
  'session.required': 'Log in first.',
  'session.managerOnly': 'Only a manager may do this.',
  'session.wrongPin': 'The name or PIN is not right.',
  'session.lockedOut': 'Too many wrong PINs: try again in {seconds} seconds.',
  'setup.done': 'This counter already has its first manager.',
  'setup.needed': 'This counter has no manager yet: set up the first manager.',
  'staff.unknown': 'There is no such staff member.',
  'staff.self': 'You cannot disable yourself.',
  'settings.httpsRequired': 'The central’s address must start with https:// (http:// only for this computer itself).',
  'settings.unknownLanguage': 'There is no language {languageId}.',
  'settings.unknownTouchpoint': 'There is no active touchpoint {touchpointId}.',
  'settings.unknownProduct': 'There is no product {productId} to put on a quick key.',
  'settings.fixed': 'This setting is fixed by the machine’s configuration and cannot be changed here.',
  'receipt.notPrinted': 'The receipt was not printed: {reason}.',
  'challenge.noRelay': 'This counter has no mail relay, so no code can be sent.',
  'challenge.notSent': 'The code could not be sent: the mail relay did not take it.',
  'challenge.expired': 'The code has expired: send a new one.',
  'challenge.tooManyTries': 'Too many wrong codes: send a new one.',
  'challenge.wrongCode': 'The code is not right.',
  'order.invalid': 'The order cannot be changed this way.',
  'order.notFound': 'The order or line was not found.',
  'order.conflict': 'The order does not allow this now.',
  'order.forbidden': 'This order may not be changed here.',
  'sync.tokenRefused': 'The central refused this counter’s bearer token.',
  'sync.unreachable': 'The central cannot be reached or did not answer.',
  'sync.failed': 'Sync failed; it will try again.',
  'sync.centralError': 'The central answered with an error; sync tries again.',
  'sync.orderFailed': 'The central could not take some orders; sync tries them again.',
  'sync.notSetAside': 'Order {orderId} is not set aside.',
  'day.closed': 'The day {businessDate} is closed: nothing can be sold into it.',
  'day.alreadyOpen': 'The drawer of {businessDate} was already opened.',
  'day.alreadyClosed': 'The day {businessDate} is already closed.',
  'day.noteRequired': 'The counted cash differs by {difference} cents from what was expected: a note is required.',
  'day.unknown': 'The day {businessDate} has not been closed.',
  'cash.sessionOpen': 'A drawer session is already open: close it with its count first.',
  'cash.noSession': 'No drawer session is open.',
  'cash.drawerNotOpened': 'The "no sale" was recorded, but the drawer did not open.',
  'list.badCursor': 'The list position is not valid: start again from the first page.',
  'terminal.nothingDue': 'Nothing is left to pay on this order.',
  'terminal.busy': 'A PIN payment of this order is still with the terminal.',
  'terminal.notTerminal': 'This payment was not taken by the terminal.',
  'terminal.byTerminal': 'Only the terminal’s answer settles or fails this PIN payment.',
  'terminal.notManual': 'This PIN payment goes through the terminal: it cannot be confirmed by hand.',
  'terminal.refused': 'The terminal refused: {reason}.',
  'terminal.unreachable': 'The terminal cannot be reached or did not answer.',
  'terminal.none': 'This counter has no terminal.',
} as const;

export type RefusalCode = keyof typeof REFUSAL_TEXT;
export type RefusalParams = Record<string, string | number>;
export type RefusalKind = 'invalid' | 'not-found' | 'conflict' | 'forbidden' | 'unauthenticated' | 'internal';

/** A refusal as the renderer sees it: never a thrown error. */
export interface IpcError {
  kind: RefusalKind;
  code: RefusalCode;
  params: RefusalParams;
  /** The English text of the code, for logs and tests; the renderer words the code itself. */
  message: string;
  errors: ProblemError[];
}

export function refusalMessage(code: RefusalCode, params: RefusalParams = {}, text: Record<RefusalCode, string> = REFUSAL_TEXT): string {
  return text[code].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The one way to answer a value: the other half of a result (shared/ipc/declare.ts's IpcResult). */
export const ok = <T>(value: T) => ({ ok: true as const, value });

/** The one way to build a refusal, in the main process and in both shells. */
export function refusal(kind: RefusalKind, code: RefusalCode, params: RefusalParams = {}, errors: ProblemError[] = []) {
  return { ok: false as const, error: { kind, code, params, message: refusalMessage(code, params), errors } satisfies IpcError };
}
