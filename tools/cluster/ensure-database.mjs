// Creates the database the URL (argv[2]) names when it does not exist, connecting to the server's `postgres` database.
import pg from 'pg';

const url = new URL(process.argv[2]);
const name = decodeURIComponent(url.pathname.slice(1));
if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) {
  console.error(`cluster: DATABASE_URL must name a database (letters, digits, _), got "${name}"`);
  process.exit(2);
}
const admin = new URL(url);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5_000 });
try {
  await client.connect();
  const found = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (found.rowCount === 0) {
    await client.query(`create database "${name}"`);
    console.log(`cluster: created database ${name}`);
  }
} catch (error) {
  console.error(`cluster: PostgreSQL at ${url.host} not usable: ${error.message}`);
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}
