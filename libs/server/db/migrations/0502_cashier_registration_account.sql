-- The account of registration exists from the start: a player's currency-account row for the currency they registered
-- in is written with the player (a trigger, so every way of creating an account has it), and existing players get
-- theirs here. Listing the accounts (a GET) then only reads (owned by libs/server/wallet; README "Currency accounts").
create function cashier_registration_account() returns trigger language plpgsql as $$
begin
  insert into cashier_currency_accounts (brand_id, user_id, currency, created_at)
  values (new.brand_id, new.id::text, new.currency, new.created_at)
  on conflict (user_id, currency) do nothing;
  return new;
end;
$$;

create trigger cashier_registration_account after insert on accounts_users
  for each row execute function cashier_registration_account();

insert into cashier_currency_accounts (brand_id, user_id, currency, created_at)
select brand_id, id::text, currency, created_at from accounts_users
on conflict (user_id, currency) do nothing;
