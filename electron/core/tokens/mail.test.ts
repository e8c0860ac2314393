import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../shared/ipc';
import { Challenges, demoTransport } from './challenge';
import { chooseTransport, smtpTransport } from './mail';
import { countingIds, testClock } from '../testing/clock';
import { tempDir } from '../../../server/testing/fixtures';
import { clerk, openCounter } from '../testing/counter';

/** A real SMTP server on 127.0.0.1 that keeps what it is sent. */
async function mailbox() {
  const received: { to: string[]; text: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the e-mail challenge over SMTP', () => {
  let box: Awaited<ReturnType<typeof mailbox>>;
  beforeEach(async () => (box = await mailbox()));
  afterEach(async () => box.close());

  it('mails a six-digit code that verifies once, and never shows it on screen', async () => {
    const transport = smtpTransport(box.url, 'Counter <counter@test.invalid>');
    const challenges = new Challenges(transport, testClock('2031-03-01T10:00:00Z'), countingIds());
    const sent = await challenges.send('reiziger@example.org');
    transport.close?.();
    if (!sent.ok) throw new Error(sent.error.code);
    expect(sent.value.demoCode).toBeNull();
    expect(box.received.map((m) => m.to)).toEqual([['reiziger@example.org']]);
    const code = /: (\d{6})/.exec(box.received[0]!.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    const { challengeId } = sent.value;
    expect(challenges.verify(challengeId, wrong)).toMatchObject({ ok: false, error: { code: 'challenge.wrongCode' } });
    expect(challenges.verify(challengeId, code!)).toEqual({ ok: true, value: { verified: true } });
    expect(challenges.verify(challengeId, code!)).toMatchObject({ ok: false, error: { code: 'challenge.expired' } });
  });

  it('says so when the relay does not take the mail, and keeps no code', async () => {
    await box.close();
    const transport = smtpTransport(box.url, 'Counter <counter@test.invalid>');
    const challenges = new Challenges(transport, testClock('2031-03-01T10:00:00Z'), countingIds());
    const sent = await challenges.send('reiziger@example.org');
    transport.close?.();
    expect(sent).toMatchObject({ ok: false, error: { code: 'challenge.notSent' } });
    box = await mailbox();
  });
});

describe('which relay a counter uses', () => {
  it('is the configured SMTP relay, else the demo relay only beside the embedded central, else none', () => {
    expect(chooseTransport({ COUNTER_SMTP_URL: 'smtp://127.0.0.1:2525' }, true, demoTransport)?.demo).toBe(false);
    expect(chooseTransport({}, true, demoTransport)).toBe(demoTransport);
    expect(chooseTransport({}, false, demoTransport)).toBeNull();
  });

  it('refuses to send a code from a counter with a real central and no relay', async () => {
    const folder = tempDir('counter-mail-');
    try {
      const counter = await openCounter({
        dataDir: folder.dir,
        database: ':memory:',
        central: { url: 'http://127.0.0.1:9', bearerToken: 'not-used' },
        mail: null,
      });
      try {
        await clerk(counter).login();
        const answer = (await counter.dispatch('challenge.send', { emailAddress: 'reiziger@example.org' })) as IpcResult<unknown>;
        expect(answer).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'challenge.noRelay' } });
      } finally {
        await counter.close();
      }
    } finally {
      folder.remove();
    }
  });
});
