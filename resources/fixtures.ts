import type { ResourceConfig } from '../domain/resource';

/**
 * Declarations registered only in a test's build: empty in every build of the portal. The build
 * of the fixture journey (tests/e2e/resource-fixture.spec.ts, into test-results/) replaces this
 * module with tests/fixtures/registered.ts, the way resource-fixture.test.ts adds the fixture to
 * createRegistry(); `npm start` and the dist/ of the other journeys never hold a fixture.
 */
export const fixtureResources: ResourceConfig[] = [];
