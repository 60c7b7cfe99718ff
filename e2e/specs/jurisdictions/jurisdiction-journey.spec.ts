import { JURISDICTION_JOURNEYS, walkJurisdictionJourney, type JourneyJurisdiction } from '../../fixtures/jurisdictions';
import { expect, test } from '../../fixtures/test';

// Runs once per jurisdiction through the `jurisdiction-<id>` projects, against the test-mode server for journeys (the
// development outbox, the clock of player protection, compliance's decision; e2e README, "The jurisdiction journeys").
test.describe('jurisdiction journey', () => {
  test.describe.configure({ timeout: 150_000 });

  test('limit, refusal, cooling-off, reality check, time-out, verification, withdrawal paid', async ({
    page,
    baseURL,
  }, testInfo) => {
    const jurisdiction = String(testInfo.project.metadata['jurisdiction']) as JourneyJurisdiction;
    expect(Object.keys(JURISDICTION_JOURNEYS), 'the project names a jurisdiction with a journey').toContain(
      jurisdiction,
    );
    await walkJurisdictionJourney(page, baseURL ?? '', JURISDICTION_JOURNEYS[jurisdiction]);
  });
});
