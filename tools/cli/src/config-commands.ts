import fs from 'node:fs';
import path from 'node:path';
import {
  loadBrandRegistry,
  platformServicesFromEnv,
  runningServerServices,
  serverModeFrom,
  type BrandRegistry,
  type BrandSummary,
  type ExplainedSetting,
  type PlatformServices,
} from '@tessera/server/brand-registry';
import { NO_JURISDICTION, getAtPointer, toPointer } from '@tessera/shared/util-config';
import { withConsoleLayer } from './console-layer';
import { EXIT, type CliIo } from './io';

/** Resolves the brands folder from --brands-dir or the positional argument, defaulting to <root>/brands. */
export function brandsDirFrom(io: CliIo, given: string | true | undefined): string {
  return typeof given === 'string' ? path.resolve(io.cwd, given) : path.join(io.root, 'brands');
}

async function load(io: CliIo, brandsDir: string): Promise<BrandRegistry> {
  // Locale overrides are checked against util-i18n's dictionaries, which the registry imports (wherever the brands are).
  return loadBrandRegistry({ brandsDir, displayRoot: io.cwd });
}

/** The jurisdictions a brand's countries name (those without one say nothing): `; jurisdictions gb uk-gc, ca on-agco`. */
function jurisdictionsText(registry: BrandRegistry, brand: BrandSummary): string {
  const named = brand.countries
    .map((country) => [country, registry.resolve(brand.id, country, brand.defaultLanguage).config.licence.jurisdiction])
    .filter(([, id]) => id !== NO_JURISDICTION)
    .map(([country, id]) => `${country} ${id}`);
  return named.length > 0 ? `; jurisdictions ${named.join(', ')}` : '';
}

/** `tessera config validate [brands-folder]`: a report per brand; exit 1 when any brand is refused. */
export async function configValidate(io: CliIo, brandsDir: string): Promise<number> {
  if (!fs.existsSync(brandsDir) || !fs.statSync(brandsDir).isDirectory()) {
    io.err(`tessera: no brands folder at ${path.relative(io.cwd, brandsDir) || brandsDir}`);
    return EXIT.usage;
  }
  const registry = await load(io, brandsDir);
  const rows = [
    ...registry.brands().map((b) => ({
      id: b.id,
      ok: true as const,
      text: `ok       ${b.id}  (${b.name}; ${b.countries.length} countr${b.countries.length === 1 ? 'y' : 'ies'}, languages ${b.languages.join(', ')}${jurisdictionsText(registry, b)})`,
    })),
    ...registry.refused().map((r) => ({
      id: r.id,
      ok: false as const,
      text: `REFUSED  ${r.id}  (${r.errors.length} issue${r.errors.length === 1 ? '' : 's'})\n${r.errors.map((e) => `         - ${e.message}`).join('\n')}`,
    })),
  ].sort((a, b) => a.id.localeCompare(b.id));
  for (const row of rows) (row.ok ? io.out : io.err)(row.text);
  const refused = registry.refused().length;
  const summary = `${registry.brands().length} valid, ${refused} refused`;
  if (rows.length === 0) io.err(`tessera: no brand folders in ${path.relative(io.cwd, brandsDir) || brandsDir}`);
  (refused > 0 ? io.err : io.out)(summary);
  return refused > 0 || rows.length === 0 ? EXIT.invalid : EXIT.ok;
}

/** The platform services `--services` names: a comma-separated list of these, or `none`. */
export const SERVICE_NAMES = {
  'vip-desk': 'vipDesk',
  payments: 'payments',
  sms: 'sms',
  email: 'email',
} as const satisfies Record<string, keyof PlatformServices>;

/** The server explain and show answer for: its services, and where that came from (printed with every answer). */
interface AssumedServer {
  services: PlatformServices;
  /** How the services were decided, for the operator: the flag, or the variables the API reads. */
  source: string;
  /**
   * Social sign-in as a production server has it: only the OAuth clients of each brand's server.json (the identity README of libs/server/accounts ("Per-brand configuration")).
   * False for a development or test server, whose development identity provider serves any provider.
   */
  configuredSocialOnly: boolean;
}

/**
 * The services a server with these would run with, built as the API builds them (runningServerServices): the captcha
 * secrets this shell's environment holds (ADR 0210) and, where the assumed server is a production one, only the social
 * providers of the loaded brands' server.json.
 */
function servicesWith(server: AssumedServer, registry: BrandRegistry, env: CliIo['env']): PlatformServices {
  return runningServerServices({
    registry,
    production: server.configuredSocialOnly,
    environment: env,
    vipDesk: server.services.vipDesk,
    payments: server.services.payments,
    // Absent counts as present (the development outbox delivers everything), as in PlatformServices.
    messageChannels: { email: server.services.email ?? true, sms: server.services.sms ?? true },
  });
}

/**
 * The platform services of the server the answer is for. `--services vip-desk,payments,sms,email` (or `none`) says it
 * outright; otherwise the CLI reads the environment the API reads (NODE_ENV, PAYMENT_PROVIDER, SMTP_URL or SMTP_HOST,
 * SMS_GATEWAY_URL) through the same functions, so
 * the answer is the one a server started in this shell would give (tools/cli README, "Why explain and show apply the server's overrides"). A string is a usage error.
 */
function assumedServer(io: CliIo, option: string | true | undefined): AssumedServer | string {
  if (option === true)
    return `--services needs a value: a comma-separated list of ${Object.keys(SERVICE_NAMES).join(', ')}, or none`;
  if (option !== undefined) {
    const names = option
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter((n) => n !== '');
    const services: PlatformServices = { vipDesk: false, payments: false, sms: false, email: false };
    for (const name of names) {
      if (name === 'none' && names.length === 1) continue;
      const key = SERVICE_NAMES[name as keyof typeof SERVICE_NAMES];
      if (!key)
        return `--services: unknown service "${name}" (known: ${Object.keys(SERVICE_NAMES).join(', ')}, or none alone)`;
      services[key] = true;
    }
    if (names.length === 0)
      return `--services needs a value: a comma-separated list of ${Object.keys(SERVICE_NAMES).join(', ')}, or none`;
    return { services, source: `--services ${names.join(',')}`, configuredSocialOnly: true };
  }
  const variable = (name: string) =>
    `${name}=${io.env[name] === undefined || io.env[name] === '' ? '(unset)' : io.env[name]}`;
  const isSet = (...names: string[]) => `${names.join('/')} ${names.some((name) => io.env[name]) ? 'set' : 'unset'}`;
  return {
    services: platformServicesFromEnv(io.env),
    // The gateways' variables carry credentials (SMTP_URL): only whether they are set is printed.
    source: `${variable('NODE_ENV')} ${variable('PAYMENT_PROVIDER')} ${isSet('SMTP_URL', 'SMTP_HOST')} ${isSet('SMS_GATEWAY_URL')}`,
    configuredSocialOnly: serverModeFrom(io.env['NODE_ENV']) === 'production',
  };
}

/** One line naming the services assumed, and how to change them. */
function serverLine(server: AssumedServer): string {
  const { vipDesk, payments, sms, email } = server.services;
  const social = server.configuredSocialOnly
    ? "the social sign-in clients of each brand's server.json"
    : 'the development identity provider for social sign-in';
  const messages =
    sms === undefined && email === undefined
      ? 'the development outbox for SMS and e-mail'
      : `${sms === false ? 'no' : 'an'} SMS gateway, ${email === false ? 'no' : 'an'} e-mail gateway`;
  return `a server with ${vipDesk ? 'a' : 'no'} trading desk, ${payments ? 'a' : 'no'} payment provider, ${messages} and ${social} (from ${server.source}; --services to change)`;
}

function refusedOrUnknown(io: CliIo, registry: BrandRegistry, id: string): number | undefined {
  if (registry.get(id)) return undefined;
  const refused = registry.refused().find((r) => r.id === id);
  if (refused) {
    io.err(`tessera: brand "${id}" is refused:\n${refused.errors.map((e) => `  - ${e.message}`).join('\n')}`);
    return EXIT.invalid;
  }
  io.err(
    `tessera: unknown brand "${id}" (brands: ${
      registry
        .brands()
        .map((b) => b.id)
        .join(', ') || 'none'
    })`,
  );
  return EXIT.usage;
}

/** Who set a value: a layer, the platform, or a jurisdiction's rule (`jurisdiction uk-gc rule UKGC-RC-1`). */
function setBy(explained: ExplainedSetting): string {
  // The console's layer: the published version, who, when and why (ADR 0310).
  if (explained.change)
    return `${explained.layer} version ${explained.change.version} by ${explained.change.operator} at ${explained.change.at}: "${explained.change.reason}"`;
  if (!explained.rule) return explained.layer;
  return `jurisdiction ${explained.layer.slice('jurisdiction:'.length)} rule ${explained.rule.id}`;
}

/**
 * `tessera config explain <brand> <country> <lng> <json-path>...`: the value the site gets and the layer and file that
 * set it; a value the platform forces on this server is set by `platform`, with the reason (the API's explain answers
 * through the same registry explain). Several paths answer one after another, a blank line between them, from one
 * load of the brands.
 */
export async function configExplain(
  io: CliIo,
  brandsDir: string,
  args: string[],
  services?: string | true,
): Promise<number> {
  const [id, country, lng, ...jsonPaths] = args;
  if (!id || !country || !lng || jsonPaths.length === 0) {
    io.err(
      'usage: tessera config explain <brand> <country> <lng> <json-path>... [--services vip-desk,payments,sms,email|none]   (path: coupon.features.sale or /coupon/features/sale)',
    );
    return EXIT.usage;
  }
  const server = assumedServer(io, services);
  if (typeof server === 'string') {
    io.err(`tessera: ${server}`);
    return EXIT.usage;
  }
  const registry = await load(io, brandsDir);
  const problem = refusedOrUnknown(io, registry, id);
  if (problem !== undefined) return problem;
  const layers = await withConsoleLayer(io, registry);
  // The registry resolves for the assumed server, overrides applied, as the API's does (ADR 0231).
  const resolved = registry.withServices(servicesWith(server, registry, io.env)).resolve(id, country, lng);
  for (const [index, jsonPath] of jsonPaths.entries()) {
    const pointer = toPointer(jsonPath);
    const explained = resolved.explain(pointer);
    if (!explained) {
      io.err(`tessera: nothing at ${pointer} in ${id} (${resolved.country}, ${resolved.language})`);
      return EXIT.invalid;
    }
    if (index > 0) io.out('');
    io.out(explanation(id, lng, pointer, resolved, explained, server, layers));
  }
  return EXIT.ok;
}

/** The lines `explain` prints for one pointer. */
function explanation(
  id: string,
  lng: string,
  pointer: string,
  resolved: { country: string; language: string },
  explained: ExplainedSetting,
  server: AssumedServer,
  layers: string | undefined,
): string {
  const indent = (value: unknown) => JSON.stringify(value, null, 2).replace(/\n/g, '\n          ');
  const { provenance } = explained;
  const lines = [
    `${id} ${resolved.country} ${resolved.language}  ${pointer}`,
    `  value:  ${indent(explained.value)}`,
    `  set by: ${setBy(explained)}`,
  ];
  if (explained.rule) {
    // The jurisdiction's floor decided the value: the brand files leave it to the profile (docs/adr/0260).
    lines.push(
      `  rule:   ${explained.rule.statement}`,
      `  source: ${explained.rule.source}`,
      `  file:   ${explained.file ?? ''}`,
    );
  } else if (explained.layer === 'platform') {
    lines.push(`  reason: ${explained.reason ?? ''}`);
    lines.push(
      `  brand files: ${indent(provenance.value)} from ${provenance.layer} (${provenance.file}), not applied on this server`,
    );
  } else {
    lines.push(`  file:   ${explained.file ?? ''}`);
    if (provenance.removedBy)
      lines.push(
        `  note:   ${provenance.removedBy.layer} (${provenance.removedBy.file}) removed the value with null, so the default applies`,
      );
    if (provenance.contributors && provenance.contributors.length > 1) {
      lines.push(
        `  merged from: ${provenance.contributors.map((c) => `${c.layer} (${c.file})`).join(' < ')} over the defaults`,
      );
    }
    for (const below of explained.overriddenBelow)
      lines.push(`  platform: ${below.pointer} is ${JSON.stringify(below.value)}: ${below.reason}`);
  }
  for (const floor of explained.floors ?? [])
    if (floor.rule.id !== explained.rule?.id)
      lines.push(
        `  floor:  jurisdiction ${floor.jurisdiction} rule ${floor.rule.id} requires ${floor.expected} ("${floor.rule.statement}")`,
      );
  if (resolved.language !== lng.toLowerCase())
    lines.push(`  note:   ${id} does not offer "${lng}"; resolved in its default language ${resolved.language}`);
  lines.push(`  server: ${serverLine(server)}`);
  if (layers) lines.push(`  layers: ${layers}`);
  return lines.join('\n');
}

/**
 * `tessera config show <brand> <country> <lng>`: the resolved configuration as JSON, as the site gets it from a server
 * with the assumed services (the platform overrides applied); what was overridden, and why, goes to stderr.
 */
export async function configShow(
  io: CliIo,
  brandsDir: string,
  args: string[],
  services?: string | true,
): Promise<number> {
  const [id, country, lng] = args;
  if (!id || !country || !lng) {
    io.err('usage: tessera config show <brand> <country> <lng> [--services vip-desk,payments,sms,email|none]');
    return EXIT.usage;
  }
  const server = assumedServer(io, services);
  if (typeof server === 'string') {
    io.err(`tessera: ${server}`);
    return EXIT.usage;
  }
  const registry = await load(io, brandsDir);
  const problem = refusedOrUnknown(io, registry, id);
  if (problem !== undefined) return problem;
  const brandOnly = registry.resolve(id, country, lng);
  const { config, overrides: all } = registry
    .withServices(servicesWith(server, registry, io.env))
    .resolve(id, country, lng);
  // Only the overrides that changed something: one whose setting this brand lacks was skipped.
  const overrides = all.filter((o) => getAtPointer(brandOnly.config, o.pointer) !== undefined);
  io.out(JSON.stringify(config, null, 2));
  io.err(`tessera: as ${serverLine(server)}`);
  for (const o of overrides) io.err(`tessera: platform sets ${o.pointer} to ${JSON.stringify(o.value)}: ${o.reason}`);
  return EXIT.ok;
}
