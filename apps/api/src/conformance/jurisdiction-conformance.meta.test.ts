import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_RULES, CONFIGURATION_RULES } from './jurisdiction-rules.test-kit';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Rules without a conformance test yet, each with why (reviewed). A rule leaves this list when its test lands; the
 * test below fails on a listed rule that has one, so the list cannot go stale.
 */
const PENDING: Readonly<Record<string, string>> = {
  // No floor yet: the setting the rule needs does not exist (the profile's `pending` says which).
  'ESDGOJ-BON-1':
    'profile pending: no bonus is granted yet (promotions are planned, not read; README says where it hooks)',
};

/** Rule ids that name a test in this folder: `it('UKGC-LIM-1: ...'` (server checks proven over HTTP). */
function namedTests(): Set<string> {
  const ids = new Set<string>();
  const self = path.basename(fileURLToPath(import.meta.url));
  for (const name of fs.readdirSync(here).filter((f) => f.endsWith('.test.ts') && f !== self)) {
    const text = fs.readFileSync(path.join(here, name), 'utf8');
    for (const match of text.matchAll(/\bit\(\s*'([A-Z]{2,6}(?:-[A-Z0-9]{1,8})+):/g)) ids.add(match[1] as string);
  }
  return ids;
}

describe('every jurisdiction rule has a conformance test (docs/adr/0260)', () => {
  const ids = ALL_RULES.map(({ rule }) => rule.id);
  // The floor test names one test per configuration rule after its id (jurisdiction-floors.conformance.test.ts).
  const tested = new Set([...CONFIGURATION_RULES.map(({ rule }) => rule.id), ...namedTests()]);

  it('lists no rule without a test unless it is pending with a reason', () => {
    expect(ids.filter((id) => !tested.has(id) && !(id in PENDING))).toEqual([]);
  });

  it('keeps the pending list current: no rule there has a test, and every one exists', () => {
    expect(Object.keys(PENDING).filter((id) => tested.has(id))).toEqual([]);
    expect(Object.keys(PENDING).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('lists as pending every rule its profile says is not yet enforceable', () => {
    const notEnforceable = ALL_RULES.filter(({ rule }) => rule.pending).map(({ rule }) => rule.id);
    expect(notEnforceable.filter((id) => !(id in PENDING))).toEqual([]);
  });
});
