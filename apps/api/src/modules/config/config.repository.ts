// Moved to @tessera/server/site-config (ADR 0235); this door remains for the modules that still import it from here.
export * from '@tessera/server/site-config';
