import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Starts a stand-in provider on a free port of the loopback address; answers its base URL (no trailing slash). */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
