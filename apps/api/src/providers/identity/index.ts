export { DevIdentityProvider, DEV_IDP_PATH } from './dev-identity-provider';
export { IdentityProviderError, pkceChallenge, pkcePair, type ExternalIdentity, type IdentityProvider } from './identity-provider';
export { createOAuthClient, type OAuthProviderConfig } from './oauth-client';
export { buildBrandIdentityProviders, IdentityProviderConfigError, type BrandIdentityProviders, type IdentityConfigProblem } from './configured-providers';
