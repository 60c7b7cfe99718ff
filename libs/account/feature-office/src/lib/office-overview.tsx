import { filterAuthorized, personalName, useAccountText, useSession } from '@tessera/account/data-access-session';

/** The office landing: who is signed in and the account number (the login for every registration variant). */
export function OfficeOverview() {
  const { ta } = useAccountText();
  // Spec section 6: reaching the office as a guest is a programming error and throws 'filterAuthorized: access denied'.
  const user = filterAuthorized(useSession());
  return (
    <div>
      {/* An account without a name is named by its number alone, not "Signed in as 4711093" above the same number. */}
      {personalName(user) ? <p>{ta('office.overview.text', { name: personalName(user) ?? '' })}</p> : null}
      <p>{ta('accountId', { id: user.id })}</p>
    </div>
  );
}
