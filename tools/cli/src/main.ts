import { brandNew } from './brand-commands';
import { brandsDirFrom, configExplain, configShow, configValidate } from './config-commands';
import { EXIT, parseArgs, processIo, type CliIo } from './io';
import { auditVerify, operatorCreate } from './backoffice-commands';
import { kycDecide, kycShow } from './kyc-commands';
import { affordabilityRecord } from './affordability-commands';
import { withdrawalDecide } from './withdrawal-commands';

const USAGE = `tessera: operate Tessera brands

  tessera config validate [brands-folder]                       check every brand; exit 1 when any is refused
  tessera config explain <brand> <country> <lng> <json-path>... the value the site gets, and the layer and file (or
                                                                the platform, with its reason) that set it; several
                                                                paths answer in turn, a blank line between them
  tessera config show <brand> <country> <lng>                   resolved configuration as JSON, as the site gets it
  tessera brand new <id> [--name "Name"] [--language en] [--country gb] [--currency EUR]
  tessera kyc decide <account-id> verified|rejected --reason "..." [--operator <name>]
                     [--country GB --birth-date 1990-01-31]   decide the account's waiting identity verification;
                                                                the database of DATABASE_URL, else PGLITE_DATA_DIR
  tessera kyc show <account-id> [--export <folder>]             what compliance reviews: submissions, documents
                                                                (SHA-256 checked on export) and decisions
  tessera affordability record <account-id> --monthly <amount> --currency EUR --reason "..." [--operator <name>]
                                                                record an affordability check: the player may
                                                                deposit up to the amount a month (NLKSA-NL-1)
  tessera withdrawal approve|reject <withdrawal-id> --reason "..." [--operator <name>]
                                                                decide a withdrawal waiting for a person; recorded
  tessera operator create --email <e-mail> --role admin|compliance|payments|risk|support|viewer [--brands id,id|*]
                                                                an operator of the console; prints the initial
                                                                password once (two-factor is set up at sign-in)
  tessera audit verify                                          prove the console's audit log unbroken (hash chain)

Options: --brands-dir <folder> (default: brands/ of the workspace)
         --services vip-desk,payments,sms,email|none   the platform services of the server to answer for (explain,
                                             show); default: read NODE_ENV, PAYMENT_PROVIDER, SMTP_URL/SMTP_HOST and
                                             SMS_GATEWAY_URL as the API does
Exit codes: 0 ok, 1 configuration invalid, 2 wrong usage`;

/** Entry of the tessera CLI; returns the process exit code. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const { positional, options } = parseArgs(argv);
  const [group, command, ...rest] = positional;
  if (options['help'] || group === 'help' || group === undefined) {
    io.out(USAGE);
    return group === undefined && !options['help'] ? EXIT.usage : EXIT.ok;
  }
  try {
    if (group === 'config' && command === 'validate')
      return await configValidate(io, brandsDirFrom(io, rest[0] ?? options['brands-dir']));
    if (group === 'config' && command === 'explain')
      return await configExplain(io, brandsDirFrom(io, options['brands-dir']), rest, options['services']);
    if (group === 'config' && command === 'show')
      return await configShow(io, brandsDirFrom(io, options['brands-dir']), rest, options['services']);
    if (group === 'brand' && command === 'new')
      return await brandNew(io, brandsDirFrom(io, options['brands-dir']), rest[0], options);
    if (group === 'kyc' && command === 'decide')
      return await kycDecide(io, brandsDirFrom(io, options['brands-dir']), rest, options);
    if (group === 'kyc' && command === 'show') return await kycShow(io, rest, options);
    if (group === 'withdrawal') return await withdrawalDecide(io, command, rest, options);
    if (group === 'affordability' && command === 'record') return await affordabilityRecord(io, rest, options);
    if (group === 'operator' && command === 'create')
      return await operatorCreate(io, brandsDirFrom(io, options['brands-dir']), options);
    if (group === 'audit' && command === 'verify') return await auditVerify(io);
  } catch (error) {
    // Operators get one line, not a stack trace; TESSERA_DEBUG=1 shows the trace for developers.
    io.err(`tessera: ${(error as Error).message}`);
    if (process.env['TESSERA_DEBUG']) io.err(String((error as Error).stack));
    return EXIT.invalid;
  }
  io.err(`tessera: unknown command "${positional.join(' ')}"\n\n${USAGE}`);
  return EXIT.usage;
}
