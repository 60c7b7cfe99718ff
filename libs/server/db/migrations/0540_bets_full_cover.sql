-- Full-cover bets (libs/server/bets README, "Full-cover bets"): a Trixie, Patent, Yankee, Lucky 15 ... is one bet of
-- kind 'fullCover' (vid 4) whose stake is its lines × the stake per line. system_k holds its smallest fold (1 when the
-- singles are lines, 2 when it starts at the doubles) and details.fullCover its name; bet_place needs no change.
alter table bets drop constraint bets_kind_check;
alter table bets add constraint bets_kind_check check (kind in ('single', 'express', 'system', 'antiExpress', 'fullCover'));
