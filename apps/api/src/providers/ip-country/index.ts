// Moved to @tessera/server/accounts; kept for app.ts until it imports the lib.
export {
  canonicalIp,
  fixedIpCountryLookup,
  geoipCountryLookup,
  isPublicIp,
  type IpCountryLookup,
} from '@tessera/server/accounts';
