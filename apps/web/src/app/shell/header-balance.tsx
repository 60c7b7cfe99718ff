// The header loads the balance lazily through this file (a library is never lazy-loaded directly: the office page
// imports the same library statically).
export { HeaderBalance } from '@tessera/account/feature-office';
