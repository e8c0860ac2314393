import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_BODY_BYTES } from '../shared/enums';
import { problemBody, type ProblemStatus } from './problems';

/**
 * What Node refuses before Fastify sees a request (headers over the limit, a request that
 * is not HTTP, one too slow to arrive) still gets a problem body (docs/api.md §5), written on
 * the socket itself since there is no reply yet.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail]: [ProblemStatus, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request headers are larger than this service accepts.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request did not arrive in time.']
        : [400, 'The request is not valid HTTP.'];
  if (socket.writable) {
    const body = JSON.stringify(problemBody(status, detail));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** How much of a refused body is read and thrown away before the connection is cut. */
const MAX_DRAINED_BYTES = 16 * MAX_BODY_BYTES;

/**
 * A body over the limit is answered at once; closing the connection then would reset it
 * while the client is still sending, and a client that sends its whole body before reading
 * would lose the answer. So the connection stays open and the rest of the body is read and
 * dropped (Node does so once the answer is sent), up to a bound past which it is cut.
 */
export function drainRefusedBody(req: FastifyRequest, reply: FastifyReply): void {
  reply.removeHeader('connection');
  let drained = 0;
  req.raw.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DRAINED_BYTES) req.raw.socket.destroy();
  });
}
