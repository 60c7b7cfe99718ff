-- The queues of the bets' job kinds (libs/server/bets: live holds, VIP reviews and lapses, the advance look), created
-- here so a server's start-up finds them: a queue is a partition of the job table (migration 0800), and creating one
-- at start-up costs a quarter of a second on PGlite per fresh database. Their retry and expiry options are the code's:
-- the job queue writes them over these at every start (libs/server/jobs README, "Add a job kind").
select create_queue('bets.live-delay', '{"policy": "standard"}'::json);
select create_queue('bets.vip', '{"policy": "standard"}'::json);
select create_queue('bets.advance-sweep', '{"policy": "standard"}'::json);
