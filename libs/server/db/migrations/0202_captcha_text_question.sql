-- The built-in puzzle's accessible alternative (ADR 0176): a text question, answered on the same verify route. Its
-- answer is kept only as a keyed hash (answer_hash); a slider challenge keeps gap_x, a text one has no gap.

alter table accounts_captcha_challenges alter column gap_x drop not null;
alter table accounts_captcha_challenges add column answer_hash text;
alter table accounts_captcha_challenges add constraint accounts_captcha_challenges_one_kind
  check ((gap_x is null) <> (answer_hash is null));
