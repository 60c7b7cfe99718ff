import { shippedJurisdictionProfiles } from '@tessera/server/brand-registry';
import type { JurisdictionRule } from '@tessera/shared/util-config';

/** A rule with the profile it belongs to. */
export interface ProfileRule {
  jurisdiction: string;
  rule: JurisdictionRule;
}

/** Every rule of every shipped profile, in profile order. */
export const ALL_RULES: readonly ProfileRule[] = [...shippedJurisdictionProfiles().byId.values()].flatMap((loaded) =>
  loaded.profile.rules.map((rule) => ({ jurisdiction: loaded.profile.id, rule })),
);

/** Rules whose floors are the rule (what the site receives): the floor conformance test proves each over HTTP. */
export const CONFIGURATION_RULES = ALL_RULES.filter(({ rule }) => rule.enforcedBy === 'configuration');

/** Rules with floors (configuration and server checks): a weaker brand is refused naming each. */
export const FLOOR_RULES = ALL_RULES.filter(({ rule }) => rule.floors !== undefined);

/** The probe brand's country under each profile (Ontario is Canada's key, brands/README.md). */
export const PROBE_COUNTRIES: Readonly<Record<string, string>> = {
  'uk-gc': 'gb',
  'de-ggl': 'de',
  'nl-ksa': 'nl',
  'es-dgoj': 'es',
  'on-agco': 'ca',
};

/** A conformance test's name: the rule id first, then its statement. */
export function ruleTitle(rule: JurisdictionRule): string {
  return `${rule.id}: ${rule.statement}`;
}
