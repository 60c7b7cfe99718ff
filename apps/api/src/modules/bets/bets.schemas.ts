import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type JsonSchema = { $id: string; title: string; [key: string]: unknown };

const folders = ['bets', 'wallet'] as const;

/** schemas/api in the workspace, or beside the bundle (apps/api/build.mjs copies schemas/api there). */
function schemasRoot(): string {
  const candidates = [new URL('../../../../../schemas/api', import.meta.url), new URL('./schemas/api', import.meta.url)].map((u) => fileURLToPath(u));
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'bets')));
  if (!found) throw new Error(`Bets API schemas not found; looked in ${candidates.join(', ')}`);
  return found;
}

let cache: Map<string, JsonSchema> | undefined;

function load(): Map<string, JsonSchema> {
  if (cache) return cache;
  const root = schemasRoot();
  const loaded = new Map<string, JsonSchema>();
  for (const folder of folders) {
    for (const file of fs.readdirSync(path.join(root, folder)).filter((f) => f.endsWith('.schema.json')).sort()) {
      const schema = JSON.parse(fs.readFileSync(path.join(root, folder, file), 'utf8')) as JsonSchema;
      loaded.set(`${folder}/${file.replace(/\.schema\.json$/, '')}`, schema);
    }
  }
  cache = loaded;
  return loaded;
}

/** The schemas of schemas/api/bets and schemas/api/wallet for `app.addSchema` (without `$schema`, for OpenAPI). */
export function betsApiSchemas(): JsonSchema[] {
  return [...load().values()].map((schema) => {
    const { $schema: _dropped, ...rest } = schema as JsonSchema & { $schema?: string };
    return rest;
  });
}

/** A `$ref` to one of them by `<folder>/<name>`; throws for a name that has no file. */
export function betsRef(name: string): { $ref: string } {
  const schema = load().get(name);
  if (!schema) throw new Error(`Unknown bets API schema ${name}`);
  return { $ref: `${schema.$id}#` };
}
