import type { Socket } from 'node:net';
import type { Readable } from 'node:stream';

/** How long a connection answered mid-body goes on reading (and dropping) what its client still sends. */
export const lingerMs = 2_000;

/**
 * A lingering close, as web servers do for an upload they refuse before its end: once an answer with
 * `Connection: close` is out, Node destroys the socket, and with the client's bytes still arriving that
 * makes the server's system reset the connection; the reset can reach the client before it has read the
 * answer, which it then never sees. Instead the answer is followed by an orderly end (FIN), what still
 * arrives is read and dropped, and the socket is closed once the client ends too, or after `lingerMs`.
 * Call it before the answer is sent: it replaces what Node does when that answer has gone out.
 */
export function lingerOnClose(socket: Socket, body: Readable): void {
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    socket.end();
    body.resume();
    socket.resume();
  };
}
