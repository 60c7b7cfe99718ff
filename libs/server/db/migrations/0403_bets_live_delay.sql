-- A bet on a live game can be held for the brand's betting.liveBetDelaySeconds before it is accepted (ADR 0138):
-- hold_reason 'liveDelay'. The stake is posted at placement, as for an auto-bet; a refused hold returns it.
alter table bets drop constraint bets_hold_reason_check;
alter table bets add constraint bets_hold_reason_check check (hold_reason in ('autoBet', 'vipApproval', 'liveDelay'));
