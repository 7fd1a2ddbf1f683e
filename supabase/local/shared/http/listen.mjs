// @ts-check
// Starting and stopping a local service's HTTP server.

/**
 * `server` listening on 127.0.0.1:`port`; a port already in use is refused in words that name the
 * service and the variable that moves it.
 * @param {import('node:http').Server} server @param {number} port
 * @param {{ what: string, envVar: string }} names e.g. 'the local voice service', 'VOICE_PORT'
 * @returns {Promise<void>}
 */
export function listenLocal(server, port, { what, envVar }) {
  return new Promise((resolve, reject) => {
    /** @param {NodeJS.ErrnoException} error */
    const failed = (error) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} (${what}) is in use: set ${envVar} to another port.`)
          : error,
      );
    server.once('error', failed);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * Stops `server` now: open connections (keep-alive sockets included) are closed, not waited for.
 * @param {import('node:http').Server} server @returns {Promise<void>}
 */
export function closeServer(server) {
  return new Promise((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
}
