-- A balance changes only as the effect of inserting transfers: the insert applies the net of its
-- rows to the accounts (one statement, so the CHECK sees each account's end state, never an
-- intermediate one), and a guard refuses every other change of a balance, an account created
-- with money in it, and a change of what an account is (id, kind, currency).
CREATE OR REPLACE FUNCTION ledger_apply_transfers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_transfers t
      JOIN ledger_accounts a ON a.id IN (t.from_account, t.to_account)
     WHERE a.currency <> t.currency
  ) THEN
    RAISE EXCEPTION 'a transfer moves money between accounts of its own currency' USING ERRCODE = 'check_violation';
  END IF;
  -- The guard below lets a balance change only while this flag is on and the change comes from
  -- inside a trigger; the flag is transaction-local and rolled back with a failed statement.
  PERFORM set_config('rush.ledger_applying', 'on', true);
  UPDATE ledger_accounts a
     SET balance = a.balance + n.net
    FROM (
      SELECT account, sum(delta) AS net FROM (
        SELECT to_account AS account, amount AS delta FROM new_transfers
        UNION ALL
        SELECT from_account, -amount FROM new_transfers
      ) d GROUP BY account
    ) n
   WHERE a.id = n.account AND n.net <> 0;
  PERFORM set_config('rush.ledger_applying', 'off', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_apply AFTER INSERT ON ledger_transfers
  REFERENCING NEW TABLE AS new_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_transfers();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_guard_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.balance <> 0 THEN
      RAISE EXCEPTION 'ledger account % must open at zero: balances change only by transfers', NEW.id
        USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.kind IS DISTINCT FROM OLD.kind OR NEW.currency IS DISTINCT FROM OLD.currency THEN
    RAISE EXCEPTION 'ledger account % cannot change its id, kind or currency', OLD.id USING ERRCODE = 'restrict_violation';
  END IF;
  IF NEW.balance IS DISTINCT FROM OLD.balance
     AND (pg_trigger_depth() < 2 OR current_setting('rush.ledger_applying', true) IS DISTINCT FROM 'on') THEN
    RAISE EXCEPTION 'the balance of % changes only by inserting ledger transfers', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE INSERT OR UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_guard_account();
