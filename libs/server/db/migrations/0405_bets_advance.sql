-- An advance bet (ADR 0141) is held with hold_reason 'advance' and no money moved until the bettor's balance covers
-- its stake (the winnings of the open bets that secured it, or a deposit); then its stake is posted and it stands.
alter table bets drop constraint bets_hold_reason_check;
alter table bets add constraint bets_hold_reason_check check (hold_reason in ('autoBet', 'vipApproval', 'liveDelay', 'advance'));

-- The funding sweep reads the held advance bets every few seconds: a partial index keeps that read off the bets table.
create index bets_advance_waiting on bets (created_at) where status = 'waiting' and hold_reason = 'advance';

-- GetAvance sums a bettor's open bets.
create index if not exists bets_user_open on bets (user_id, currency) where status = 'accepted';
