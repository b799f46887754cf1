// Process helpers shared by the bench scripts (run.mjs, cases.mjs, chaos.mjs).
import net from 'node:net';

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Signals a whole process group (children are spawned detached); false when the group is already gone. */
export function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group is gone
  }
}
