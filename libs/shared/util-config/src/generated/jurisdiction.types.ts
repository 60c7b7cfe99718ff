/* eslint-disable */
// GENERATED FILE, DO NOT EDIT. Types of a jurisdiction profile (jurisdictions/<id>.json).
// Source: schemas/*.schema.json. Regenerate with `npm run codegen`; `npm run codegen:check` fails when this drifts.

/**
 * A jurisdiction profile (jurisdictions/<id>.json): the rules a regulator imposes, each a floor over the site configuration that a brand may tighten but never loosen (docs/adr/0260, jurisdictions/README.md). A brand's country file names the profile in licence.jurisdiction.
 */
export interface JurisdictionProfile {
  /**
   * Path of this schema, for editors.
   */
  $schema?: string;
  /**
   * Profile id, equal to the file name (uk-gc); brands name it in licence.jurisdiction.
   */
  id: string;
  /**
   * What the profile covers, for people (Great Britain: Gambling Commission).
   */
  name: string;
  /**
   * The authority that licenses and supervises (Gambling Commission); 'none' for the profile without a regulator.
   */
  regulator: string;
  /**
   * Where the profile applies, in words (Great Britain; the province of Ontario).
   */
  territory?: string;
  /**
   * What the profile leaves out or how its rules were read, for the reviewer.
   */
  notes?: string;
  /**
   * The rules, each with an id unique across every profile.
   */
  rules: JurisdictionRule[];
}
/**
 * One rule: a plain statement, its source, and either the configuration floors that enforce it or, while no setting can express it, what it is waiting for (exactly one of the two: the loader refuses a rule with neither or both).
 */
export interface JurisdictionRule {
  /**
   * Rule id, unique across profiles (UKGC-RC-1); conformance tests are named after it.
   */
  id: string;
  /**
   * The rule in one plain sentence, as a validation error quotes it.
   */
  statement: string;
  source: JurisdictionRuleSource;
  /**
   * The configuration floors that together enforce the rule (a rule about table games binds each of their switches); absent while the rule is pending.
   *
   * @minItems 1
   */
  floors?: JurisdictionFloor[];
  /**
   * configuration: the value the site receives is the rule (what the page shows or offers); server: the floors switch on a check the server makes (a refusal over HTTP).
   */
  enforcedBy?: 'configuration' | 'server';
  pending?: JurisdictionPending;
}
/**
 * Where the rule comes from.
 */
export interface JurisdictionRuleSource {
  /**
   * The law, regulation or standard (Remote gambling and software technical standards).
   */
  instrument: string;
  /**
   * The part of it (RTS 13A; § 6c (1); Standard 2.05).
   */
  provision: string;
  /**
   * When it took effect, as far as known (2020-04-14).
   */
  inForce?: string;
}
/**
 * A bound on one setting of the resolved site configuration. min/max: a number at least/at most value; equals: exactly value; includes: an array holding every item of value; excludes: an array holding none of them.
 */
export interface JurisdictionFloor {
  /**
   * JSON pointer into the resolved site configuration (/responsible/realityCheck/enabled).
   */
  setting: string;
  /**
   * How the setting is bound.
   */
  operator: 'min' | 'max' | 'equals' | 'includes' | 'excludes';
  /**
   * The bound: a number for min and max, any JSON value for equals, an array of items for includes and excludes.
   */
  value: number | boolean | string | unknown[] | {};
}
/**
 * Why a rule has no floor yet.
 */
export interface JurisdictionPending {
  /**
   * The setting (or feature) the rule will need, in words, with the pointer it is expected at.
   */
  needs: string;
  /**
   * Who builds it: an issue or area (issue 14: casino).
   */
  owner: string;
}
