import pg from 'pg';

// The e2e servers' databases on the machine's PostgreSQL when it answers (every machine of ours runs
// one: DESIGN, README "The two commands"), else the embedded one: the demo data is seeded once into a
// database that then serves as the template of each server's own (CREATE DATABASE … TEMPLATE is a
// file copy, faster than seeding, and a native PostgreSQL leaves the two cores to the browsers).
// E2E_DATABASE=embedded forces the embedded database; E2E_POSTGRES_URL names the server (a role
// that may create databases), default postgres://postgres@127.0.0.1:5432/postgres.

const adminUrl = () => process.env.E2E_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl(), connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of a database on the e2e PostgreSQL server. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Whether the servers run on PostgreSQL: not forced embedded, and the server answers. */
export async function postgresAvailable(): Promise<boolean> {
  if (process.env.E2E_DATABASE === 'embedded') return false;
  try {
    return await withAdmin(async (client) => (await client.query('SELECT 1 AS ok')).rows[0]?.ok === 1);
  } catch {
    return false;
  }
}

const safe = (name: string) => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`bad database name ${name}`);
  return name;
};

/** A new empty database, or a copy of `template` (which nobody may be connected to). */
export function createDatabase(name: string, template?: string): Promise<void> {
  return withAdmin(async (client) => {
    await client.query(`CREATE DATABASE ${safe(name)}${template ? ` TEMPLATE ${safe(template)}` : ''}`);
  });
}

export function dropDatabase(name: string): Promise<void> {
  return withAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${safe(name)} WITH (FORCE)`);
  });
}
