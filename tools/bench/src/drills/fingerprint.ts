import pg from 'pg';

/** Per table: row count and an md5 of all rows in a stable order. */
export type Fingerprint = Record<string, { rows: number; checksum: string }>;

/**
 * Rows a refused request is meant to write, left out of their table's fingerprint: a console sign-in that fails
 * (a well-formed e-mail and password that do not match, as the drill's odd but valid strings are) is recorded in the
 * audit log on purpose (ADR 0280). Every other audit entry still counts, so a malformed request that gets as far as a
 * decision is still caught.
 */
export const JOURNAL_ROWS: Readonly<Record<string, string>> = {
  backoffice_audit: `action <> 'operator.sign-in.failed'`,
};

/** Fingerprints every table of `schema` on the PostgreSQL server at `url` (journal rows left out, above). */
export async function fingerprint(url: string, schema: string): Promise<Fingerprint> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`,
      [schema],
    );
    const out: Fingerprint = {};
    for (const { table_name: t } of tables.rows) {
      const ident = `"${schema}"."${t.replace(/"/g, '""')}"`;
      const r = await client.query<{ rows: string; checksum: string | null }>(
        `select count(*)::text as rows, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as checksum from ${ident} x${JOURNAL_ROWS[t] ? ` where ${JOURNAL_ROWS[t]}` : ''}`,
      );
      out[t] = { rows: Number(r.rows[0]?.rows ?? 0), checksum: r.rows[0]?.checksum ?? '' };
    }
    return out;
  } finally {
    await client.end();
  }
}

/** Tables whose row count or checksum differs between two fingerprints (added and removed tables included). */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((t) => before[t]?.rows !== after[t]?.rows || before[t]?.checksum !== after[t]?.checksum)
    .sort();
}
