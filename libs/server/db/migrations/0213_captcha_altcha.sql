-- The built-in captcha's proof-of-work path (ALTCHA, ADR 0210; owned by apps/api/src/modules/auth/captcha-altcha.ts).
-- A challenge row now says what it is: a slider puzzle (gap_x), the retired text question, or an ALTCHA challenge
-- (answer_hash: a keyed hash of the challenge's signature, so only the challenge issued under this id is accepted).
-- The difficulty of a new ALTCHA challenge follows how many its address asked for in the last minute, across brands:
-- the (ip, created_at) index keeps that count cheap under load.

alter table accounts_captcha_challenges add column kind text not null default 'puzzle';
update accounts_captcha_challenges set kind = 'text' where answer_hash is not null;
alter table accounts_captcha_challenges add constraint accounts_captcha_challenges_kind
  check (kind in ('puzzle', 'text', 'altcha'));
create index accounts_captcha_challenges_ip on accounts_captcha_challenges (ip, created_at);
