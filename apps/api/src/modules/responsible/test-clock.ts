// Moved to @tessera/server/responsible; this door remains for the conformance tests that still import it from here.
export { TestClock } from '@tessera/server/responsible';
