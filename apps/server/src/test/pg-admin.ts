import pg from 'pg';

/** One statement on its own connection to the PostgreSQL of `url` (create or drop a scratch database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
