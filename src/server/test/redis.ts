import { createClient } from 'redis';

/**
 * Ends the Redis connections named `name` (CLIENT SETNAME), as a Redis restart or a network cut
 * would, and only those: other test files share the Redis. Answers how many were ended.
 */
export async function killRedisClients(url: string, name: string): Promise<number> {
  const admin = createClient({ url });
  await admin.connect();
  try {
    const ours = (await admin.clientList()).filter((c) => c.name === name);
    for (const c of ours) await admin.sendCommand(['CLIENT', 'KILL', 'ID', String(c.id)]);
    return ours.length;
  } finally {
    await admin.close();
  }
}
