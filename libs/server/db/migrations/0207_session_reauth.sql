-- Recent authentication (ADR 0206): when the session last proved a credential. Null means at its start (the sign-in
-- that created it); a re-authentication with the password sets it. Security changes (two-factor on or off, phone add
-- or change) demand it within the last 5 minutes.

alter table accounts_sessions add column authenticated_at timestamptz;
