import { authCalls } from '@tessera/account/data-access-session';

/**
 * The sign-out call, loaded by LogoutButton when pressed: the header is on every page, and its module of account
 * call definitions (about 4 KB) need not be in every page's first JavaScript (apps/web README, "The bet slip loads when needed").
 */
export const logoutCall = authCalls.logout;
