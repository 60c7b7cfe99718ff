// The office's casino history, loaded on its own when the player opens it: the casino's code and copy stay out of the
// office chunk (util-i18n casinoDictionaries).
export { CasinoHistory } from '@tessera/casino/feature-casino';
