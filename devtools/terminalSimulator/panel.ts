import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Outcome, TerminalSimulator } from './simulator';

/**
 * The demo's small panel beside the simulator (plain HTTP on 127.0.0.1): a person picks what
 * the terminal does with the next PIN payment, and sees what it charged. For `npm start` only.
 */

const OUTCOMES: Record<string, { outcome: Outcome; en: string; nl: string }> = {
  approve: { outcome: { kind: 'approve' }, en: 'Approve', nl: 'Goedkeuren' },
  decline: { outcome: { kind: 'decline', error: 'Refusal' }, en: 'Decline (refused by the bank)', nl: 'Weigeren (bank)' },
  wrongPin: { outcome: { kind: 'decline', error: 'WrongPIN' }, en: 'Decline (wrong PIN)', nl: 'Weigeren (verkeerde pincode)' },
  silent: { outcome: { kind: 'silent', then: 'decline' }, en: 'Stay silent', nl: 'Geen antwoord' },
  lose: { outcome: { kind: 'lose' }, en: 'Approve, then lose the answer', nl: 'Goedkeuren, antwoord kwijt' },
};

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function page(sim: TerminalSimulator): string {
  const next = sim.book.script.map((o) => o.kind).join(', ') || 'approve';
  const buttons = Object.entries(OUTCOMES)
    .map(([name, o]) => `<button name="outcome" value="${name}">${escape(o.en)} / ${escape(o.nl)}</button>`)
    .join('\n');
  const charges = sim.book.charges.map((c) => `<li>${escape(c.poiTransactionId)}: EUR ${(c.amount / 100).toFixed(2)}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Terminal simulator</title>
<style>body{font:16px system-ui;margin:2em;max-width:40em}button{display:block;margin:.4em 0;padding:.6em 1em;font-size:1em}</style></head>
<body><h1>Terminal simulator (${escape(sim.poiId)})</h1>
<p>Next payments / volgende betalingen: <strong>${escape(next)}</strong></p>
<form method="post">${buttons}</form>
<h2>Charged / afgeschreven</h2><ul>${charges}</ul></body></html>`;
}

export async function startPanel(sim: TerminalSimulator, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8').slice(0, 200)));
      req.on('end', () => {
        const chosen = OUTCOMES[new URLSearchParams(body).get('outcome') ?? ''];
        if (chosen) sim.next(chosen.outcome);
        res.writeHead(303, { Location: '/' }).end();
      });
      return;
    }
    const html = page(sim);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
