import { randomUUID } from 'node:crypto';
import { ApiError } from '@tessera/server/api-errors';
import type { ConsoleLayerState } from '@tessera/server/brand-registry';
import type { Database, Queryable } from '@tessera/server/db';
import type {
  BackofficeConfigBrandResponse,
  BackofficeConfigDraftRequest,
  BackofficeConfigDraftResponse,
  BackofficeConfigHistoryResponse,
} from '@tessera/shared/contract-api';
import type { JsonObject } from '@tessera/shared/util-config';
import { type Actor, auditIn, type BackofficeContext, inScope, notFound } from '../context';
import { CONFIG_OWNERSHIP, ownsConfig } from '../permissions';
import {
  checkConsoleLayers,
  type ConsoleLayers,
  type ConsoleRegistry,
  layerChanges,
  previewChange,
} from './config-checks';
import { leaves, sectionOf } from './diff';

/** The channel a publish notifies every server on (PostgreSQL). */
export const CONFIG_CHANNEL = 'tessera_config_console';
/** Sections a brand whose server.json names none asks four eyes for (the schema's default). */
export const DEFAULT_FOUR_EYES_SECTIONS: readonly string[] = ['licence', 'responsible'];
/** How often a server compares its console layers with the database, in case a notification was lost. */
export const DEFAULT_CONFIG_POLL_MS = 2000;

type Draft = BackofficeConfigDraftResponse['draft'];

interface ChangeRow {
  id: string;
  brand_id: string;
  state: Draft['state'];
  base_version: number;
  version: number | null;
  layers: ConsoleLayers;
  restored_from: number | null;
  sections: string[];
  needs_approval: boolean;
  reason: string | null;
  created_by: string;
  created_by_email: string;
  created_at: Date;
  approved_by: string | null;
  approved_by_email: string | null;
  approved_at: Date | null;
  published_by_email: string | null;
  published_at: Date | null;
}

const COLUMNS = `id::text as id, brand_id, state, base_version, version, layers, restored_from, sections, needs_approval,
  reason, created_by::text as created_by, created_by_email, created_at, approved_by::text as approved_by,
  approved_by_email, approved_at, published_by_email, published_at`;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** What the console layer's services need: the console's context, with the registry's console side. */
export type ConfigContext = Pick<BackofficeContext, 'db' | 'clock'> & { registry: ConsoleRegistry };

/** The newest published version of a brand (0: none), read in `q`. */
async function latest(q: Queryable, brandId: string): Promise<ChangeRow | undefined> {
  const { rows } = await q.query<ChangeRow>(
    `select ${COLUMNS} from config_console_changes where brand_id = $1 and version is not null
      order by version desc limit 1`,
    [brandId],
  );
  return rows[0];
}

function stateOf(row: ChangeRow | undefined): ConsoleLayerState | undefined {
  if (!row || row.version === null) return undefined;
  return {
    layers: row.layers,
    change: {
      version: row.version,
      operator: row.published_by_email ?? '',
      at: iso(row.published_at) ?? '',
      reason: row.reason ?? '',
    },
  };
}

function brandOf(ctx: ConfigContext, actor: Actor, brandId: string) {
  const brand = ctx.registry.get(brandId);
  if (!brand || !inScope(actor.operator, brandId)) throw notFound('brand');
  return brand;
}

function fourEyesSections(ctx: ConfigContext, brandId: string): readonly string[] {
  const backoffice = ctx.registry.serverConfig(brandId)?.backoffice as
    { configFourEyesSections?: string[] } | undefined;
  return backoffice?.configFourEyesSections ?? DEFAULT_FOUR_EYES_SECTIONS;
}

/** 403 unless the actor's role owns every setting the change alters (CONFIG_OWNERSHIP, the permission matrix's data). */
function requireOwnership(actor: Actor, before: ConsoleLayers, after: ConsoleLayers): void {
  const foreign = layerChanges(before, after).filter(
    ({ scope, change }) => !ownsConfig(actor.operator.role, change.pointer, !scope.startsWith('*/')),
  );
  if (foreign.length > 0)
    throw new ApiError(403, 'Not allowed', {
      detail: `Your role (${actor.operator.role}) may not change ${foreign
        .slice(0, 5)
        .map((f) => `${f.change.pointer} in ${f.scope}`)
        .join(', ')}`,
    });
}

function draftView(ctx: ConfigContext, row: ChangeRow, published: ChangeRow | undefined): Draft {
  const brand = ctx.registry.get(row.brand_id);
  const current = published?.layers ?? {};
  const open = row.state === 'draft' || row.state === 'approved';
  const stale = open && row.base_version !== (published?.version ?? 0);
  const base = open ? current : {};
  return {
    id: row.id,
    brand: row.brand_id,
    state: row.state,
    baseVersion: row.base_version,
    version: row.version,
    layers: row.layers,
    restoredFrom: row.restored_from,
    sections: row.sections,
    needsApproval: row.needs_approval,
    createdBy: row.created_by_email,
    createdAt: iso(row.created_at) ?? '',
    approvedBy: row.approved_by_email,
    approvedAt: iso(row.approved_at),
    publishedBy: row.published_by_email,
    publishedAt: iso(row.published_at),
    reason: row.reason,
    stale,
    issues: brand && open ? checkConsoleLayers(ctx.registry, brand, row.layers) : [],
    // The contract types a value of any JSON type as an object (as explain's `value`).
    preview: (brand && open ? previewChange(ctx.registry, brand, base, row.layers) : []) as Draft['preview'],
  };
}

async function draftRow(q: Queryable, id: string, lock = false): Promise<ChangeRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await q.query<ChangeRow>(
    `select ${COLUMNS} from config_console_changes where id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

/** The brand's console layer, its configuration for one country and language with each value's layer. */
export async function consoleBrand(
  ctx: ConfigContext,
  actor: Actor,
  brandId: string,
  query: { country?: string; language?: string },
): Promise<BackofficeConfigBrandResponse> {
  const brand = brandOf(ctx, actor, brandId);
  const country = query.country && brand.countries.includes(query.country) ? query.country : brand.defaultCountry;
  const language = query.language && brand.languages.includes(query.language) ? query.language : brand.defaultLanguage;
  const published = await latest(ctx.db, brandId);
  const resolved = ctx.registry.resolve(brandId, country, language);
  const sources: Record<string, string> = {};
  for (const leaf of leaves(resolved.config)) {
    if (leaf.pointer === '') continue;
    const explained = resolved.explain(leaf.pointer);
    if (explained) sources[leaf.pointer] = explained.layer;
  }
  const { rows } = await ctx.db.query<ChangeRow>(
    `select ${COLUMNS} from config_console_changes where brand_id = $1 and state in ('draft', 'approved')
      order by created_at desc limit 50`,
    [brandId],
  );
  return {
    brand: brand.id,
    name: brand.name,
    countries: [...brand.countries],
    languages: [...brand.languages],
    country,
    language,
    version: published?.version ?? 0,
    change: stateOf(published)?.change ?? null,
    layers: published?.layers ?? {},
    resolved: resolved.config as unknown as JsonObject,
    sources,
    fourEyesSections: [...fourEyesSections(ctx, brandId)],
    ownership: (CONFIG_OWNERSHIP[actor.operator.role] ?? []).map((o) => ({ ...o })),
    drafts: rows.map((r) => ({
      id: r.id,
      state: r.state as 'draft' | 'approved',
      sections: r.sections,
      needsApproval: r.needs_approval,
      createdBy: r.created_by_email,
      createdAt: iso(r.created_at) ?? '',
      approvedBy: r.approved_by_email,
      restoredFrom: r.restored_from,
    })),
  };
}

/** Every published version of a brand, newest first. */
export async function consoleHistory(
  ctx: ConfigContext,
  actor: Actor,
  brandId: string,
): Promise<BackofficeConfigHistoryResponse> {
  brandOf(ctx, actor, brandId);
  const { rows } = await ctx.db.query<ChangeRow>(
    `select ${COLUMNS} from config_console_changes where brand_id = $1 and version is not null
      order by version desc limit 200`,
    [brandId],
  );
  return {
    versions: rows.map((r) => ({
      version: r.version ?? 0,
      operator: r.published_by_email ?? '',
      at: iso(r.published_at) ?? '',
      reason: r.reason ?? '',
      approvedBy: r.approved_by_email,
      restoredFrom: r.restored_from,
      sections: r.sections,
      layers: r.layers,
    })),
  };
}

async function insertDraft(
  ctx: ConfigContext,
  actor: Actor,
  brandId: string,
  layersFrom: (current: ConsoleLayers) => ConsoleLayers,
  restoredFrom: number | null,
): Promise<Draft> {
  const brand = brandOf(ctx, actor, brandId);
  return ctx.db.transaction(async (tx) => {
    const published = await latest(tx, brandId);
    const current = published?.layers ?? {};
    const layers = layersFrom(current);
    requireOwnership(actor, current, layers);
    const changes = layerChanges(current, layers);
    if (changes.length === 0)
      throw new ApiError(422, 'Nothing changes', { detail: 'The change gives the configuration now published' });
    const sections = [...new Set(changes.map((c) => sectionOf(c.change.pointer)))].sort();
    const fourEyes = fourEyesSections(ctx, brandId);
    const id = randomUUID();
    const row: ChangeRow = {
      id,
      brand_id: brandId,
      state: 'draft',
      base_version: published?.version ?? 0,
      version: null,
      layers,
      restored_from: restoredFrom,
      sections,
      needs_approval: sections.some((s) => fourEyes.includes(s)),
      reason: null,
      created_by: actor.operator.id,
      created_by_email: actor.operator.email,
      created_at: ctx.clock(),
      approved_by: null,
      approved_by_email: null,
      approved_at: null,
      published_by_email: null,
      published_at: null,
    };
    await tx.query(
      `insert into config_console_changes (id, brand_id, state, base_version, layers, restored_from, sections,
         needs_approval, created_by, created_by_email, created_at)
       values ($1, $2, 'draft', $3, $4::jsonb, $5, $6, $7, $8, $9, $10)`,
      [
        id,
        brandId,
        row.base_version,
        JSON.stringify(layers),
        restoredFrom,
        sections,
        row.needs_approval,
        actor.operator.id,
        actor.operator.email,
        row.created_at,
      ],
    );
    const view = draftView(ctx, row, published);
    await auditIn(tx, ctx, actor, {
      action: restoredFrom === null ? 'config.draft' : 'config.restore.draft',
      targetType: 'config-change',
      targetId: id,
      brandId: brand.id,
      before: { version: row.base_version, layers: current },
      after: { layers, sections, needsApproval: row.needs_approval, issues: view.issues.length },
    });
    return view;
  });
}

/** A draft replacing one scope of the brand's console layer (the published layers elsewhere kept). */
export function createConsoleDraft(
  ctx: ConfigContext,
  actor: Actor,
  body: BackofficeConfigDraftRequest,
): Promise<Draft> {
  const scope = `${body.country ?? '*'}/${body.language ?? '*'}`; // absent: every country or language
  const replaced = (current: ConsoleLayers): ConsoleLayers => {
    const layers = { ...current };
    const data = (body.data ?? {}) as JsonObject;
    if (Object.keys(data).length === 0) delete layers[scope];
    else layers[scope] = data;
    return layers;
  };
  return insertDraft(ctx, actor, body.brand, replaced, null);
}

/** A draft holding an earlier version's layers (0: the files alone), published like any change. */
export async function restoreConsoleVersion(
  ctx: ConfigContext,
  actor: Actor,
  brandId: string,
  version: number,
): Promise<Draft> {
  brandOf(ctx, actor, brandId);
  let layers: ConsoleLayers = {};
  if (version > 0) {
    const { rows } = await ctx.db.query<{ layers: ConsoleLayers }>(
      `select layers from config_console_changes where brand_id = $1 and version = $2`,
      [brandId, version],
    );
    if (!rows[0]) throw notFound('version');
    layers = rows[0].layers;
  }
  return insertDraft(ctx, actor, brandId, () => layers, version);
}

/** A draft with its checks and preview against what is published now. */
export async function consoleDraft(ctx: ConfigContext, actor: Actor, id: string): Promise<Draft> {
  const row = await draftRow(ctx.db, id);
  if (!row || !inScope(actor.operator, row.brand_id)) throw notFound('change');
  return draftView(ctx, row, await latest(ctx.db, row.brand_id));
}

async function openDraft(tx: Queryable, ctx: ConfigContext, actor: Actor, id: string) {
  const row = await draftRow(tx, id, true);
  if (!row || !inScope(actor.operator, row.brand_id)) throw notFound('change');
  if (row.state !== 'draft' && row.state !== 'approved')
    throw new ApiError(409, 'This change is no longer open', { detail: `It is ${row.state}` });
  const published = await latest(tx, row.brand_id);
  if (row.base_version !== (published?.version ?? 0))
    throw new ApiError(409, 'The configuration changed since this draft was made', {
      detail: `Version ${published?.version ?? 0} was published after it: make the change again`,
    });
  requireOwnership(actor, published?.layers ?? {}, row.layers);
  return { row, published };
}

/** The second operator's approval of a change to a four-eyes section. */
export async function approveConsoleDraft(
  ctx: ConfigContext,
  actor: Actor,
  id: string,
  reason: string,
): Promise<Draft> {
  return ctx.db.transaction(async (tx) => {
    const { row, published } = await openDraft(tx, ctx, actor, id);
    if (!row.needs_approval) throw new ApiError(409, 'This change needs no approval');
    if (row.state === 'approved') throw new ApiError(409, 'This change is approved already');
    if (row.created_by === actor.operator.id)
      throw new ApiError(403, 'Not allowed', { detail: 'A second, different operator approves a change' });
    const now = ctx.clock();
    await tx.query(
      `update config_console_changes set state = 'approved', approved_by = $2, approved_by_email = $3, approved_at = $4
        where id = $1`,
      [id, actor.operator.id, actor.operator.email, now],
    );
    await auditIn(tx, ctx, actor, {
      action: 'config.approve',
      targetType: 'config-change',
      targetId: id,
      brandId: row.brand_id,
      reason,
      after: { sections: row.sections },
    });
    return draftView(
      ctx,
      {
        ...row,
        state: 'approved',
        approved_by: actor.operator.id,
        approved_by_email: actor.operator.email,
        approved_at: now,
      },
      published,
    );
  });
}

/**
 * Publishes a change as the brand's next version: only a draft without issues, made on the newest version, approved
 * when the brand asks four eyes for a section it touches. The notification commits with it; the caller's server
 * applies it at once (`onPublished`), the others on the notification.
 */
export async function publishConsoleDraft(
  ctx: ConfigContext,
  actor: Actor,
  id: string,
  reason: string,
): Promise<Draft> {
  return ctx.db.transaction(async (tx) => {
    const { row, published } = await openDraft(tx, ctx, actor, id);
    if (row.needs_approval && row.state !== 'approved')
      throw new ApiError(409, 'This change waits for a second operator’s approval', {
        detail: `The brand asks four eyes for ${row.sections.filter((s) => fourEyesSections(ctx, row.brand_id).includes(s)).join(', ')}`,
      });
    const brand = ctx.registry.get(row.brand_id);
    const issues = brand ? checkConsoleLayers(ctx.registry, brand, row.layers) : [];
    if (issues.length > 0)
      throw new ApiError(422, 'The change breaks the configuration rules', {
        detail: issues
          .slice(0, 5)
          .map((i) => i.message)
          .join('; '),
      });
    const version = (published?.version ?? 0) + 1;
    const now = ctx.clock();
    await tx.query(
      `update config_console_changes set state = 'published', version = $2, reason = $3, published_by = $4,
         published_by_email = $5, published_at = $6 where id = $1`,
      [id, version, reason, actor.operator.id, actor.operator.email, now],
    );
    await auditIn(tx, ctx, actor, {
      action: 'config.publish',
      targetType: 'config-change',
      targetId: id,
      brandId: row.brand_id,
      reason,
      before: { version: published?.version ?? 0, layers: published?.layers ?? {} },
      after: { version, layers: row.layers, restoredFrom: row.restored_from, approvedBy: row.approved_by_email },
    });
    await tx.query(`select pg_notify($1, $2)`, [CONFIG_CHANNEL, row.brand_id]);
    return draftView(
      ctx,
      {
        ...row,
        state: 'published',
        version,
        reason,
        published_by_email: actor.operator.email,
        published_at: now,
      },
      published,
    );
  });
}

/** Discards an open change. */
export async function discardConsoleDraft(ctx: ConfigContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await draftRow(tx, id, true);
    if (!row || !inScope(actor.operator, row.brand_id)) throw notFound('change');
    if (row.state !== 'draft' && row.state !== 'approved')
      throw new ApiError(409, 'This change is no longer open', { detail: `It is ${row.state}` });
    await tx.query(`update config_console_changes set state = 'discarded' where id = $1`, [id]);
    await auditIn(tx, ctx, actor, {
      action: 'config.discard',
      targetType: 'config-change',
      targetId: id,
      brandId: row.brand_id,
      before: { layers: row.layers },
    });
  });
}

/** Keeps a server's registry on the newest published console layers (ADR 0310). */
export interface ConfigDelivery {
  /** Reads the newest versions now (every brand, or one) and applies what changed. */
  sync(brandId?: string): Promise<void>;
  /** Loads every brand's newest version, then follows notifications (PostgreSQL) and polls as a safety net. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The version each brand serves (0: none). */
  versions(): ReadonlyMap<string, number>;
}

/** Options of {@link createConfigDelivery}. */
export interface ConfigDeliveryOptions {
  db: Database;
  registry: Pick<ConsoleRegistry, 'brands' | 'setConsoleLayer'>;
  /** Poll interval (ms); default 2000. */
  pollMs?: number;
  log?: { error(details: object, message: string): void };
}

/**
 * The delivery of published console layers to one server: a publish NOTIFYs on PostgreSQL (every server LISTENs);
 * on PGlite the one process applies its own publish at once. A poll of the newest version numbers every two seconds
 * catches a notification lost to a dropped connection.
 */
export function createConfigDelivery(options: ConfigDeliveryOptions): ConfigDelivery {
  const served = new Map<string, number>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let running: Promise<void> = Promise.resolve();
  const known = () => new Set(options.registry.brands().map((b) => b.id));

  async function syncNow(brandId?: string): Promise<void> {
    const brands = known();
    const { rows } = await options.db.query<{ brand_id: string; version: number }>(
      `select brand_id, max(version)::int as version from config_console_changes
        where version is not null ${brandId ? 'and brand_id = $1' : ''} group by brand_id`,
      brandId ? [brandId] : [],
    );
    for (const r of rows) {
      if (!brands.has(r.brand_id) || served.get(r.brand_id) === r.version) continue;
      const state = stateOf(await latest(options.db, r.brand_id));
      options.registry.setConsoleLayer(r.brand_id, state);
      served.set(r.brand_id, state?.change.version ?? 0);
    }
  }

  // One sync at a time, in order: a notification during a sync queues one more.
  const sync = (brandId?: string): Promise<void> => {
    running = running.then(
      () => syncNow(brandId),
      () => syncNow(brandId),
    );
    return running;
  };
  const quietly = (brandId?: string) => {
    sync(brandId).catch((error: unknown) =>
      options.log?.error({ err: error }, 'config console: reading the published layers failed'),
    );
  };

  return {
    sync,
    async start() {
      await sync();
      if (options.db.listen)
        unlisten = await options.db.listen(CONFIG_CHANNEL, (brand) =>
          quietly(brand && /^[a-z0-9-]+$/.test(brand) ? brand : undefined),
        );
      timer = setInterval(() => quietly(), options.pollMs ?? DEFAULT_CONFIG_POLL_MS);
      timer.unref?.();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await unlisten?.();
      unlisten = undefined;
      await running.catch(() => undefined);
    },
    versions: () => served,
  };
}
