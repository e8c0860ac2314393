import { connect, type Socket } from 'node:net';

/**
 * One connection to a network printer (port 9100, raw TCP) with a deadline on each step: a
 * printer that is off, unplugged or hung answers nothing, and no clerk waits longer than the
 * deadline for it (docs/api.md §9.3).
 */
export class TcpLink {
  private received = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private failed: Error | null = null;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
    const fail = (error: Error) => {
      this.failed ??= error;
      this.waiting?.();
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the printer closed the connection')));
  }

  static open(host: string, port: number, timeoutMs: number): Promise<TcpLink> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port, noDelay: true });
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error('the printer did not answer the connection'));
      }, timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.removeAllListeners('error');
        resolve(new TcpLink(socket));
      });
      socket.once('error', (error) => {
        clearTimeout(timer);
        socket.destroy();
        reject(error);
      });
    });
  }

  /** Writes `request` and reads exactly `count` bytes of answer, or fails after `timeoutMs`. */
  async ask(request: Uint8Array, count: number, timeoutMs: number): Promise<Buffer> {
    this.socket.write(request);
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (this.failed) throw this.failed;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('the printer did not answer its status');
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        this.waiting = () => {
          clearTimeout(timer);
          wake();
        };
      });
      this.waiting = null;
    }
    const answer = this.received.subarray(0, count);
    this.received = this.received.subarray(count);
    return answer;
  }

  /** Writes the job and closes the connection once the bytes are handed to the network. */
  send(bytes: Uint8Array, timeoutMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.socket.destroy();
        reject(new Error('the printer did not take the job'));
      }, timeoutMs);
      this.socket.end(bytes, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  destroy(): void {
    this.socket.destroy();
  }
}
