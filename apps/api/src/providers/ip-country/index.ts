export { canonicalIp, fixedIpCountryLookup, geoipCountryLookup, isPublicIp, type IpCountryLookup } from './ip-country';
