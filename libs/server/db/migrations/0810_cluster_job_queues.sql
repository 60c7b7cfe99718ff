-- The queues of deferred work that moved off in-process timers for several servers on one database (ADR 0366): the
-- periodic withdrawal sweep (libs/server/wallet) and the look at waiting auto-bets (libs/server/bets), each one run per
-- interval on one of the servers.
select create_queue('wallet.withdrawal-sweep', '{"policy": "standard"}'::json);
select create_queue('bets.auto-bet', '{"policy": "standard"}'::json);
