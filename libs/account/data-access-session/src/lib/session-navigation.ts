/**
 * Opens an address with a full page load. Used after sign-in, registration and sign-out: the route table and the
 * server render are decided per page load from the session cookie (ADR 0110), so a fresh load is the one way every
 * part of the page (header, guards, prefetched data) agrees on the new session.
 */
export function reloadInto(address: string, location: Pick<Location, 'assign'> = window.location): void {
  location.assign(address);
}
