import net from 'node:net';

/**
 * A port nothing listens on now, from the system (port 0), for a test that must name its ports before it starts its
 * processes (a provider and the platform each told the other's address). Tests running beside each other, or a CI run
 * beside a developer's, never collide on a fixed number.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
