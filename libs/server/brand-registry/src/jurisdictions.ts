import fs from 'node:fs';
import path from 'node:path';
import {
  NO_JURISDICTION,
  checkJurisdictionProfile,
  makeIssue,
  parseJsonText,
  type ConfigIssue,
  type LoadedJurisdiction,
  SHIPPED_JURISDICTION_FILES,
} from '@tessera/shared/util-config';
/** The jurisdiction profiles a registry enforces: the valid ones by id, and the issues of the invalid ones. */
export interface JurisdictionProfiles {
  /** Valid profiles by id. */
  byId: ReadonlyMap<string, LoadedJurisdiction>;
  /** Issues of profile files that failed their checks, by profile id: a brand naming one is refused with them. */
  refused: ReadonlyMap<string, readonly ConfigIssue[]>;
}

/** Checks profile data by id (file name); rule ids must be unique across profiles as conformance tests use them. */
export function jurisdictionProfilesFrom(
  files: Readonly<Record<string, unknown>>,
  dir = 'jurisdictions',
): JurisdictionProfiles {
  const byId = new Map<string, LoadedJurisdiction>();
  const refused = new Map<string, ConfigIssue[]>();
  const ruleOwner = new Map<string, string>();
  for (const id of Object.keys(files).sort()) {
    const file = `${dir}/${id}.json`;
    const { loaded, issues } = checkJurisdictionProfile(files[id], file, id);
    loaded?.profile.rules.forEach((rule, i) => {
      const owner = ruleOwner.get(rule.id);
      if (owner)
        issues.push(
          makeIssue(
            file,
            `/rules/${i}/id`,
            `a rule id no other profile uses`,
            `${JSON.stringify(rule.id)}, already a rule of ${owner}`,
          ),
        );
      else ruleOwner.set(rule.id, id);
    });
    if (loaded && issues.length === 0) byId.set(id, loaded);
    else refused.set(id, issues);
  }
  if (!byId.has(NO_JURISDICTION) && !refused.has(NO_JURISDICTION))
    byId.set(
      NO_JURISDICTION,
      checkJurisdictionProfile(
        { id: NO_JURISDICTION, name: 'No licence jurisdiction', regulator: 'none', rules: [] },
        `${dir}/${NO_JURISDICTION}.json`,
        NO_JURISDICTION,
      ).loaded as LoadedJurisdiction,
    );
  return { byId, refused };
}

/**
 * The profiles the platform ships: jurisdictions/*.json, bundled by codegen into util-config and imported, as the
 * platform copy is (docs/adr/0260): an operator cannot loosen a floor by editing a file on a server, and the API
 * bundle carries the profiles it enforces.
 */
export function shippedJurisdictionProfiles(): JurisdictionProfiles {
  return jurisdictionProfilesFrom(SHIPPED_JURISDICTION_FILES);
}

/** Reads <dir>/<id>.json instead (test fixtures); a file that is not JSON is refused with its line and column. */
export function loadJurisdictionProfiles(dir: string, display: (abs: string) => string): JurisdictionProfiles {
  const files: Record<string, unknown> = {};
  const unreadable = new Map<string, ConfigIssue[]>();
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
    if (!name.endsWith('.json')) continue;
    const id = name.slice(0, -'.json'.length);
    const abs = path.join(dir, name);
    const parsed = parseJsonText(fs.readFileSync(abs, 'utf8'), display(abs));
    if (parsed.ok) files[id] = parsed.value;
    else unreadable.set(id, [parsed.issue]);
  }
  const profiles = jurisdictionProfilesFrom(files, display(dir));
  return { byId: profiles.byId, refused: new Map([...profiles.refused, ...unreadable]) };
}
